// Types of build-plugins.mjs, for the test that holds its patterns to fastify's source.
import type { Plugin } from 'esbuild';

export const SCHEMA_CONTROLLER: RegExp;
export const COMPILER_MODULES: RegExp;
export const compilersGivenByTheApp: Plugin;
/** Per file of a dependency (as `package/path.js`): each line it rewrites, and what it becomes. */
export const lazyBuiltinsOf: Record<string, [eager: string, lazy: string][]>;
export const lazyBuiltins: Plugin;
