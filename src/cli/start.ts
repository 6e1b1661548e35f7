/**
 * What bin/shopprop.js runs (built as one file, dist/cli/start.cjs). The command definitions
 * and the parsing (main.ts, commander) run on every start, so the build makes them one
 * CommonJS file loaded with a V8 code cache (code-cache.ts). A command's own module
 * (dist/cli/commands/<group>/<name>.js, an ES module with its chunks) is imported only when the
 * command runs.
 */
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultCacheDir, loadWithCodeCache } from '../server/code-cache.js';
import type { CommandModule } from './lazy-action.js';

/** The definitions' CommonJS file, beside this one; defined by scripts/build.mjs. */
declare const __CLI_CORE_FILE__: string;

// This file is built as CommonJS (dist/cli/start.cjs, required by bin/shopprop.js): a start
// that loads no ES module skips Node's module loader, which costs more than --help itself.
// Node's compile cache serves the command modules (ES module chunks) loaded after this; the two
// large CommonJS files keep our own cache, written after they ran, so it also holds the functions
// compiled lazily during the run, which Node's does not (bench/README.md: 121 ms of CPU for an
// embedded first page with ours, 135 with Node's alone, 112 with both).
if (!process.env.NODE_DISABLE_COMPILE_CACHE) enableCompileCache(defaultCacheDir());
const { main } = loadWithCodeCache(join(__dirname, __CLI_CORE_FILE__)).exports as typeof import('./main.js');

const loadCommand = (id: string) => import(pathToFileURL(join(__dirname, 'commands', `${id}.js`)).href) as Promise<CommandModule<unknown>>;

// The exit code is set, not exited with, so stdout drains first (a piped consumer may be slow).
void main(process.argv, loadCommand).then((exitCode) => {
  process.exitCode = exitCode;
});
