// Bundles the CLI (and, as lazily loaded chunks, the local server) into dist/.
// Pure-JS dependencies are bundled in: Node's ES module loader pays per file, and fastify,
// ajv and their kin are hundreds of files. Each command still loads only its own chunks.
// Kept outside: the native SQLite addon, and pdfkit, which reads its font files from disk.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = ['better-sqlite3', 'pdfkit'];

/**
 * fastify loads ajv and fast-json-stringify itself only when an app gives no schema compilers;
 * ours always does (src/server/lazy-schema-compilers.ts, which loads them when a request needs
 * them), so that path must not pull 300 KB into every run that starts the server.
 */
const compilersGivenByTheApp = {
  name: 'compilers-given-by-the-app',
  setup(b) {
    b.onResolve({ filter: /^@fastify\/(ajv-compiler|fast-json-stringify-compiler)$/ }, (args) =>
      /fastify[\\/]lib[\\/]schema-controller\.js$/.test(args.importer) ? { path: args.path, namespace: 'compilers-given-by-the-app' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'compilers-given-by-the-app' }, () => ({
      contents: "module.exports = () => { throw new Error('the schema compilers are given by the app (src/server/lazy-schema-compilers.ts)'); };",
      loader: 'js',
    }));
  },
};

/** commander loads node:child_process (for subcommands run as executables, unused here) at start. */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!text.includes(eager)) throw new Error(`${args.path} no longer has: ${eager}`);
      return { contents: text.replace(eager, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"), loader: 'js' };
    });
  },
};

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { 'cli/main': 'src/cli/main.ts', 'server/standalone': 'src/server/standalone.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  minify: !process.env.NO_MINIFY, // NO_MINIFY=1 keeps names readable in CPU profiles
  keepNames: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  define: { __SHOPPROP_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [compilersGivenByTheApp, lazyChildProcess],
  logLevel: 'warning',
});
