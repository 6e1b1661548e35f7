/**
 * The build's plugins match files and lines of fastify (scripts/build-plugins.mjs). An upgrade
 * that moves them would leave the bundles unchanged and start-up slower, silently for the
 * compilers' plugin: these tests fail first.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COMPILER_MODULES, lazyBuiltinsOf, SCHEMA_CONTROLLER } from '../../scripts/build-plugins.mjs';

const require = createRequire(import.meta.url);
const source = (file: string) => readFileSync(require.resolve(file), 'utf8');

describe('the lazy-builtins plugin', () => {
  it.each(Object.entries(lazyBuiltinsOf))('finds every line it rewrites in %s', (file, rewrites) => {
    const text = source(file);
    for (const [eager] of rewrites) expect(text).toContain(eager);
  });
});

describe('the compilers-given-by-the-app plugin', () => {
  it("matches fastify's schema controller and the compiler modules it requires", () => {
    const controller = require.resolve('fastify/lib/schema-controller.js');
    expect(SCHEMA_CONTROLLER.test(controller)).toBe(true);
    const required = [...source('fastify/lib/schema-controller.js').matchAll(/require\('(@fastify\/[\w-]+)'\)/g)].map((m) => m[1]!);
    expect(required.filter((name) => COMPILER_MODULES.test(name)).sort()).toEqual(['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler']);
  });

  it('left its stand-in in the built server (fastify no longer pulls the compilers in)', () => {
    expect(readFileSync(new URL('../../dist/server/embedded-server.cjs', import.meta.url), 'utf8')).toContain('the schema compilers are given by the app');
  });
});
