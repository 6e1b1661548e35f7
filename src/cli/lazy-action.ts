/**
 * Wires a command to its implementation, loaded only when the command runs: `--help` and every
 * other command never pay for its imports. A command names its module by its path under
 * commands/ (`sale/list`); the entry point (start.ts) says how a module is loaded, since the
 * definitions run as code-cached CommonJS, which cannot import() by itself.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from './global-options.js';
import { CliUsageError } from './usage-error.js';

export interface CommandModule<Options> {
  run(options: Options & GlobalOptions, args: string[], command: Command): Promise<void>;
}

export type CommandLoader = (id: string) => Promise<CommandModule<unknown>>;

let loader: CommandLoader = (id) => Promise.reject(new Error(`no command loader for ${id}`));

/** The module ids of every command defined so far (each is `src/cli/commands/<id>.ts`). */
export const commandModuleIds = new Set<string>();

export function setCommandLoader(load: CommandLoader): void {
  loader = load;
}

/**
 * Commands that write no data file: `-o FILE` with them is refused (exit 2) rather than
 * ignored, so nobody waits for a file that never comes.
 */
const NO_DATA_FILE = new Set([
  'config/config',
  'local/token-create',
  'local/token-revoke',
  'local/user-create',
  'local/user-passwd',
  'local/company-create',
  'local/import',
  'local/statement-prepare',
  'local/statement-approve',
  'local/statement-mark-paid',
  'server/serve',
  'server/demo',
  'sale/outbox-delete',
  'completion/completion',
  'auth/login',
  'auth/logout',
]);

/** Commands whose output has no columns to choose: `--fields` is refused rather than ignored. */
const NO_FIELDS = new Set([...NO_DATA_FILE, 'receipt/print', 'property/statement-pdf', 'month-end/month-end']);

export function lazyAction(id: string) {
  commandModuleIds.add(id);
  return async (...params: unknown[]) => {
    const command = params.at(-1) as Command;
    const args = params.slice(0, -2).map(String);
    const output = (command.optsWithGlobals() as GlobalOptions).output;
    if (output !== undefined && NO_DATA_FILE.has(id)) {
      throw new CliUsageError(
        `\`${commandPath(command)}\` writes no data file, so -o ${output} has nothing to write; -o is for lists, reports, receipts, sale previews and statement PDFs`,
      );
    }
    if ((command.optsWithGlobals() as GlobalOptions).fields !== undefined && NO_FIELDS.has(id)) {
      throw new CliUsageError(
        `\`${commandPath(command)}\` has no columns to choose, so --fields does not apply; --fields is for lists, reports and sale previews`,
      );
    }
    const module = await loader(id);
    await module.run(command.optsWithGlobals() as GlobalOptions, args, command);
  };
}

/** `shopprop local token create`: the words typed to reach a command. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at !== null; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}
