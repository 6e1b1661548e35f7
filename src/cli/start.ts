/**
 * What bin/shopprop.js runs (built as one file, dist/cli/start.cjs). The command definitions
 * and the parsing (main.ts, commander) run on every start, so the build makes them one
 * CommonJS file loaded with a V8 code cache (code-cache.ts). The command modules are one more
 * such file (dist/cli/commands.cjs), loaded only when a command runs, each module in it
 * initialised only when its command runs, with a code cache for each command.
 */
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { defaultCacheDir, loadWithCodeCache } from '../server/code-cache.js';
import type { CommandModule } from './lazy-action.js';

/** The definitions' and the command modules' CommonJS files, beside this one; defined by scripts/build.mjs. */
declare const __CLI_CORE_FILE__: string;
declare const __CLI_COMMANDS_FILE__: string;

// This file is built as CommonJS (dist/cli/start.cjs, required by bin/shopprop.js): a start
// that loads no ES module skips Node's module loader, which costs more than --help itself.
// Node's compile cache serves the dependencies left outside the bundles (better-sqlite3's own
// files); our CommonJS files keep our own cache, written after they ran, so it also holds the
// functions compiled lazily during the run, which Node's does not (bench/README.md).
if (!process.env.NODE_DISABLE_COMPILE_CACHE) enableCompileCache(defaultCacheDir());
const { main } = loadWithCodeCache(join(__dirname, __CLI_CORE_FILE__)).exports as typeof import('./main.js');

type CommandModules = { commands: Record<string, () => Promise<CommandModule<unknown>>> };

let modules: CommandModules | undefined;

/** A command's module, from the one file of them all, whose cache is the first command's own (`commands.cjs-sale.list`). */
const loadCommand = (id: string): Promise<CommandModule<unknown>> => {
  const file = join(__dirname, __CLI_COMMANDS_FILE__);
  modules ??= loadWithCodeCache(file, { cacheName: `${__CLI_COMMANDS_FILE__}-${id.replaceAll('/', '.')}` }).exports as CommandModules;
  const load = modules.commands[id];
  return load ? load() : Promise.reject(new Error(`${file} has no command ${id}`));
};

// The exit code is set, not exited with, so stdout drains first (a piped consumer may be slow).
void main(process.argv, loadCommand).then((exitCode) => {
  process.exitCode = exitCode;
});
