/**
 * Wires a command to its implementation, loaded only when the command runs: `--help` and every
 * other command never pay for its imports. A command names its module by its path under
 * commands/ (`sale/list`); the entry point (start.ts) says how a module is loaded, since the
 * definitions run as code-cached CommonJS, which cannot import() by itself.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from './global-options.js';

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

export function lazyAction(id: string) {
  commandModuleIds.add(id);
  return async (...params: unknown[]) => {
    const command = params.at(-1) as Command;
    const args = params.slice(0, -2).map(String);
    const module = await loader(id);
    await module.run(command.optsWithGlobals() as GlobalOptions, args, command);
  };
}
