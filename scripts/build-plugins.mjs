// The build's plugins that change third-party source (scripts/build.mjs uses them). Each one
// matches a file or a line of a dependency; test/build/build-plugins.test.ts fails when an
// upgrade of the dependency makes a pattern stop matching, and the build itself refuses to go on.
import { readFile } from 'node:fs/promises';

/**
 * fastify loads ajv and fast-json-stringify itself only when an app gives no schema compilers;
 * ours always does (src/server/lazy-schema-compilers.ts, which loads them when a request needs
 * them), so that path must not pull 300 KB into every run that starts the server. The modules
 * are replaced where fastify's schema controller (this file) requires them.
 */
export const SCHEMA_CONTROLLER = /fastify[\\/]lib[\\/]schema-controller\.js$/;
export const COMPILER_MODULES = /^@fastify\/(ajv-compiler|fast-json-stringify-compiler)$/;

export const compilersGivenByTheApp = {
  name: 'compilers-given-by-the-app',
  setup(b) {
    b.onResolve({ filter: COMPILER_MODULES }, (args) =>
      SCHEMA_CONTROLLER.test(args.importer) ? { path: args.path, namespace: 'compilers-given-by-the-app' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'compilers-given-by-the-app' }, () => ({
      contents: "module.exports = () => { throw new Error('the schema compilers are given by the app (src/server/lazy-schema-compilers.ts)'); };",
      loader: 'js',
    }));
  },
};

/**
 * Node built-ins that fastify requires at start but uses only to listen on a port (https, http2,
 * dns, os: about 15 ms of start-up) or to time a request log (perf_hooks): loaded on first use,
 * so the embedded server, which only injects requests, never loads them.
 */
export const lazyBuiltinsOf = {
  'fastify/lib/server.js': ['https', 'http2', 'dns', 'os'].map((name) => [
    `const ${name} = require('node:${name}')`,
    `const ${name} = lazyBuiltin(() => require('node:${name}'))`,
  ]),
  'fastify/lib/logger-factory.js': [
    ["const { performance } = require('node:perf_hooks')", "const performance = { now: () => require('node:perf_hooks').performance.now() }"],
  ],
};
// The module's properties, read through on first use (every use above is a call or a read).
const lazyBuiltinSource = '\nfunction lazyBuiltin(load) { let module; return new Proxy({}, { get: (_, key) => (module ??= load())[key] }); }\n';

export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    const files = Object.keys(lazyBuiltinsOf);
    b.onLoad({ filter: /[\\/]fastify[\\/]lib[\\/](server|logger-factory)\.js$/ }, async (args) => {
      const file = files.find((f) => args.path.replaceAll('\\', '/').endsWith(`node_modules/${f}`));
      if (!file) return undefined;
      let text = await readFile(args.path, 'utf8');
      for (const [eager, lazy] of lazyBuiltinsOf[file]) {
        if (!text.includes(eager)) throw new Error(`${args.path} no longer has: ${eager}`);
        text = text.replace(eager, lazy);
      }
      if (text.includes('lazyBuiltin(')) text += lazyBuiltinSource;
      return { contents: text, loader: 'js' };
    });
  },
};
