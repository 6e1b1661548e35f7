// Bundles the CLI and the local server into dist/:
//   cli/start.cjs                     what bin/shopprop.js (CommonJS) requires
//   cli/core.cjs                      the command definitions and parsing, loaded with a V8 code cache
//   cli/root-help.cjs                 `shopprop --help` alone, from a table made of the definitions
//   cli/commands.cjs                  every command's module, loaded with a V8 code cache when one runs
//   cli/vendor/<package>.cjs          the HTTP client, the prompts and the mailer, required on first use
//   server/embedded-server.cjs        the in-process server, loaded with a V8 code cache
//   server/standalone.js              the server on a port
// Pure-JS dependencies are bundled in: Node's ES module loader pays per file, and fastify,
// ajv and their kin are hundreds of files. A command initialises only its own modules.
// Kept outside: the native SQLite addon, pdfkit, which reads its font files from disk,
// exceljs (with its zip and XML kin), loaded only by an xlsx export, and the API page's
// @fastify/swagger-ui (which serves Swagger UI's files from its own folder) with @fastify/swagger.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
 * A file compiled by vm.Script (the code-cached server and command modules) cannot import(): an
 * external loaded that way (pdfkit, for statement PDFs) or a Node built-in is required instead,
 * which is what importing CommonJS gives.
 */
const dynamicImportsAsRequire = {
  name: 'dynamic-imports-as-require',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && (external.includes(args.path) || args.path.startsWith('node:'))
        ? { path: args.path, namespace: 'required-external' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'required-external' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * node:crypto costs a start about 4 ms to load, and an embedded read uses none of it (the store's
 * units import it for tokens, passwords and digests): our own imports of it get functions that
 * load it on their first call. A name not listed here fails the build.
 */
const CRYPTO_FUNCTIONS = ['createHash', 'createHmac', 'randomBytes', 'randomUUID', 'scrypt', 'timingSafeEqual'];
const cryptoOnFirstCall = {
  name: 'crypto-on-first-call',
  setup(b) {
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) =>
      /[\\/]src[\\/]/.test(args.importer) && args.kind === 'import-statement' ? { path: 'node:crypto', namespace: 'crypto-on-first-call' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'crypto-on-first-call' }, () => ({
      contents: CRYPTO_FUNCTIONS.map((name) => `export function ${name}(...args) { return require('node:crypto').${name}(...args); }`).join('\n'),
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
  plugins: [compilersGivenByTheApp, lazyBuiltins, dynamicImportsAsRequire, cryptoOnFirstCall],
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

// What bin/shopprop.js requires: loads the definitions, and the command modules when a command
// runs; one CommonJS file, so that a start loads no ES module.
await build({
  ...common,
  entryPoints: { 'cli/start': 'src/cli/start.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { __CLI_CORE_FILE__: JSON.stringify('core.cjs'), __CLI_COMMANDS_FILE__: JSON.stringify('commands.cjs') },
});

// The program's help table, made from the command definitions and checked against commander's
// help at every width (src/cli/root-help/program-table.ts), so a changed definition changes it and
// a table that would print differently fails the build. dist/cli/root-help.cjs lays it out for
// `shopprop --help` alone, without loading commander or the definitions.
const tableBuild = await build({
  ...common,
  entryPoints: ['src/cli/root-help/program-table.ts'],
  outdir: undefined,
  write: false,
  sourcemap: false,
  format: 'cjs',
  define: { __SHOPPROP_VERSION__: version },
});
const tableModule = { exports: {} };
new Function('module', 'exports', 'require', tableBuild.outputFiles[0].text)(tableModule, tableModule.exports, createRequire(import.meta.url));
const helpTable = tableModule.exports.programHelpTable();
await build({
  ...common,
  entryPoints: { 'cli/root-help': 'src/cli/root-help/print-root-help.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { __ROOT_HELP_TABLE__: JSON.stringify(helpTable) },
});

/**
 * The embedded server's module, which src/server/embedded.ts imports only when run from source:
 * the built command modules load dist/server/embedded-server.cjs instead, so it is not bundled.
 */
const serverLoadedFromItsOwnFile = {
  name: 'server-loaded-from-its-own-file',
  setup(b) {
    b.onResolve({ filter: /^\.\/embedded-server\.js$/ }, (args) =>
      /[\\/]src[\\/]server[\\/]embedded\.ts$/.test(args.importer) ? { path: args.path, namespace: 'server-loaded-from-its-own-file' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'server-loaded-from-its-own-file' }, () => ({
      contents: "throw new Error('the built CLI loads the embedded server from dist/server/embedded-server.cjs');",
      loader: 'js',
    }));
  },
};

/**
 * Large packages only some runs use (the HTTP client of remote mode, the prompts, the mailer)
 * are files of their own, required from the command modules' file when first used: a code
 * cache's loading grows with the file it was made from, whatever part of it runs.
 */
const VENDOR = { undici: 'undici', '@inquirer/prompts': 'inquirer-prompts', nodemailer: 'nodemailer' };
const vendorFiles = {
  name: 'vendor-files',
  setup(b) {
    b.onResolve({ filter: /^(undici|@inquirer\/prompts|nodemailer)$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, namespace: 'vendor-file' } : { path: `./vendor/${VENDOR[args.path]}.cjs`, external: true },
    );
    b.onResolve({ filter: /.*/, namespace: 'vendor-file' }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'vendor-file' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`./vendor/${VENDOR[args.path]}.cjs`)});`,
      loader: 'js',
    }));
  },
};
await build({
  ...common,
  entryPoints: Object.fromEntries(Object.entries(VENDOR).map(([name, file]) => [`cli/vendor/${file}`, name])),
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
});

// Every command's module (lazyAction's 'group/name') in one CommonJS file, loaded with a V8 code
// cache (src/cli/start.ts): its `commands` map imports each module when its command runs, and
// esbuild initialises a module only when it is imported, so a command runs only its own. One
// ES module file per command with shared chunks cost a first page more CPU (Node's module
// loader pays per file, and its compile cache lacks the functions compiled lazily).
const commandIds = readdirSync('src/cli/commands', { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'register.ts')
  .map((entry) => `${entry.parentPath.replaceAll('\\', '/').replace(/^src\/cli\/commands\//, '')}/${entry.name.slice(0, -3)}`)
  .sort();
const commands = await build({
  ...common,
  metafile: true,
  stdin: {
    contents: `export const commands = {\n${commandIds.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`./${id}.ts`)}),`).join('\n')}\n};\n`,
    resolveDir: 'src/cli/commands',
    sourcefile: 'src/cli/commands/index.ts',
    loader: 'ts',
  },
  outdir: undefined,
  outfile: 'dist/cli/commands.cjs',
  format: 'cjs',
  // The file's folder is dist/cli, and embedded.ts finds the server by import.meta.url.
  define: { __SHOPPROP_VERSION__: version, __EMBEDDED_SERVER_FILE__: JSON.stringify('../server/embedded-server.cjs'), 'import.meta.url': '__fileUrl' },
  banner: { js: "var __fileUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [compilersGivenByTheApp, lazyBuiltins, vendorFiles, dynamicImportsAsRequire, serverLoadedFromItsOwnFile, cryptoOnFirstCall],
});
for (const [input, { imports }] of Object.entries(commands.metafile.inputs)) {
  const left = imports.find((i) => i.kind === 'dynamic-import' && i.external);
  if (left) throw new Error(`${input} imports ${left.path} dynamically, which the code-cached command modules cannot do`);
}

// The standalone server and its chunks.
await build({
  ...common,
  entryPoints: { 'server/standalone': 'src/server/standalone.ts' },
  splitting: true,
  format: 'esm',
  // Chunks are written to dist/ itself, so the server file is ./server/ from any of them.
  define: { __SHOPPROP_VERSION__: version, __EMBEDDED_SERVER_FILE__: JSON.stringify('./server/embedded-server.cjs') },
  banner: { js: requireBanner },
  plugins: [compilersGivenByTheApp, lazyBuiltins],
});
dropUnusedRequireBanners(dist.pathname);
