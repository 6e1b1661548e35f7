// Bundles the CLI (and, as lazily loaded chunks, the local server) into dist/.
// Small pure-JS modules that every run needs are bundled in to cut start-up time;
// everything else stays in node_modules and is imported only by the command that uses it.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bundledIn = new Set(['commander', 'chalk']);
const external = Object.keys(pkg.dependencies).filter((name) => !bundledIn.has(name));

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
  external: [...external, ...external.map((name) => `${name}/*`)],
  define: { __SHOPPROP_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
