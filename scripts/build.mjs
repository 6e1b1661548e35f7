// Bundles the CLI and the local server into dist/:
//   cli/start.cjs                     what bin/shopprop.js (CommonJS) requires
//   cli/core.cjs                      the command definitions and parsing, loaded with a V8 code cache
//   cli/commands/<group>/<name>.js    each command's module (ES modules sharing chunks), run on use
//   server/embedded-server.cjs        the in-process server, loaded with a V8 code cache
//   server/standalone.js              the server on a port
// Pure-JS dependencies are bundled in: Node's ES module loader pays per file, and fastify,
// ajv and their kin are hundreds of files. Each command still loads only its own chunks.
// Kept outside: the native SQLite addon, pdfkit, which reads its font files from disk,
// exceljs (with its zip and XML kin), loaded only by an xlsx export, and the API page's
// @fastify/swagger-ui (which serves Swagger UI's files from its own folder) with @fastify/swagger.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { compilersGivenByTheApp, lazyBuiltins } from './build-plugins.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = ['better-sqlite3', 'pdfkit', 'exceljs', '@fastify/swagger', '@fastify/swagger-ui'];

// Bundled CommonJS code (and the __require helper) calls require(), which an ES module lacks.
const requireBanner = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * esbuild puts the banner on every chunk, but only a few call require(); in the others it costs
 * an import of node:module and a createRequire (about 0.15 ms a chunk, and a first page loads
 * 30 chunks). Its line stays, empty, so the source maps still match.
 */
function dropUnusedRequireBanners(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = `${entry.parentPath}/${entry.name}`;
    const text = readFileSync(file, 'utf8');
    if (!text.startsWith(`${requireBanner}\n`)) continue; // a file of a build without the banner
    const rest = text.slice(requireBanner.length);
    if (!/\brequire\b/.test(rest)) writeFileSync(file, rest);
  }
}

/**
 * A file compiled by vm.Script (the code-cached server) cannot import(): an external loaded that
 * way (pdfkit, for statement PDFs) is required instead, which is what importing CommonJS gives.
 */
const dynamicImportsAsRequire = {
  name: 'dynamic-imports-as-require',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && external.includes(args.path) ? { path: args.path, namespace: 'required-external' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'required-external' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

const dist = new URL('../dist', import.meta.url);
rmSync(dist, { recursive: true, force: true });
const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  minify: !process.env.NO_MINIFY, // NO_MINIFY=1 keeps names readable in CPU profiles
  // No keepNames: it wraps every function made at run time in a call that sets its name, which
  // cost the server about a fifth of its saves per second. Error classes name themselves.
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
};
const version = JSON.stringify(pkg.version);

// The embedded server as one CommonJS file, which src/server/embedded.ts loads with a V8 code
// cache (src/server/code-cache.ts), which also holds what ran compiled at the first run.
const server = await build({
  ...common,
  metafile: true,
  entryPoints: { 'server/embedded-server': 'src/server/embedded-server.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { __SHOPPROP_VERSION__: version },
  plugins: [compilersGivenByTheApp, lazyBuiltins, dynamicImportsAsRequire],
});
for (const [input, { imports }] of Object.entries(server.metafile.inputs)) {
  const left = imports.find((i) => i.kind === 'dynamic-import' && i.external);
  if (left) throw new Error(`${input} imports ${left.path} dynamically, which the code-cached server cannot do`);
}

// The command definitions and parsing, run on every start, as one CommonJS file that
// src/cli/start.ts loads with a V8 code cache; command modules stay ES module chunks.
const core = await build({
  ...common,
  metafile: true,
  entryPoints: { 'cli/core': 'src/cli/main.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { __SHOPPROP_VERSION__: version },
});
for (const [input, { imports }] of Object.entries(core.metafile.inputs)) {
  const dynamic = imports.find((i) => i.kind === 'dynamic-import');
  if (dynamic) throw new Error(`${input} imports ${dynamic.path} dynamically: the code-cached command definitions cannot (commands load through lazyAction)`);
}

// What bin/shopprop.js requires: loads the definitions and imports a command's module when it
// runs; one CommonJS file, so that a start loads no ES module unless a command runs.
await build({
  ...common,
  entryPoints: { 'cli/start': 'src/cli/start.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { __CLI_CORE_FILE__: JSON.stringify('core.cjs') },
});

// Each command's module (lazyAction's 'group/name' is dist/cli/commands/group/name.js), the
// standalone server, and their shared chunks.
const commandModules = Object.fromEntries(
  readdirSync('src/cli/commands', { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'register.ts')
    .map((entry) => {
      const id = `${entry.parentPath.replaceAll('\\', '/').replace(/^src\/cli\/commands\//, '')}/${entry.name.slice(0, -3)}`;
      return [`cli/commands/${id}`, `src/cli/commands/${id}.ts`];
    }),
);
await build({
  ...common,
  entryPoints: { ...commandModules, 'server/standalone': 'src/server/standalone.ts' },
  splitting: true,
  format: 'esm',
  // Chunks are written to dist/ itself, so the server file is ./server/ from any of them.
  define: { __SHOPPROP_VERSION__: version, __EMBEDDED_SERVER_FILE__: JSON.stringify('./server/embedded-server.cjs') },
  banner: { js: requireBanner },
  plugins: [compilersGivenByTheApp, lazyBuiltins],
});
dropUnusedRequireBanners(dist.pathname);
