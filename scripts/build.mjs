// Bundles the CLI (and, as lazily loaded chunks, the local server) into dist/.
// Pure-JS dependencies are bundled in: Node's ES module loader pays per file, and fastify,
// ajv and their kin are hundreds of files. Each command still loads only its own chunks.
// Kept outside: the native SQLite addon, and pdfkit, which reads its font files from disk.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = ['better-sqlite3', 'pdfkit'];

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
  minify: true,
  keepNames: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  define: { __SHOPPROP_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
