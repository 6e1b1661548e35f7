/**
 * What bin/shopprop.js runs (built as one file, dist/cli/start.js). The command definitions
 * and the parsing (main.ts, commander) run on every start, so the build makes them one
 * CommonJS file loaded with a V8 code cache (code-cache.ts): Node 20 caches no compiled ES
 * module. A command's own module (dist/cli/commands/<group>/<name>.js, an ES module with its
 * chunks) is imported only when the command runs.
 */
import { fileURLToPath } from 'node:url';
import { loadWithCodeCache } from '../server/code-cache.js';
import type { CommandModule } from './lazy-action.js';

/** The definitions' CommonJS file, relative to this one; defined by scripts/build.mjs. */
declare const __CLI_CORE_FILE__: string;

const { main } = loadWithCodeCache(fileURLToPath(new URL(__CLI_CORE_FILE__, import.meta.url))).exports as typeof import('./main.js');

const loadCommand = (id: string) => import(new URL(`./commands/${id}.js`, import.meta.url).href) as Promise<CommandModule<unknown>>;

const exitCode = await main(process.argv, loadCommand);
// Let stdout drain (a piped consumer may be slow) before the exit code is set.
process.exitCode = exitCode;
