/**
 * Wires a command to its implementation, loaded only when the command runs: `--help` and every
 * other command never pay for its imports.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from './global-options.js';

export interface CommandModule<Options> {
  run(options: Options & GlobalOptions, args: string[], command: Command): Promise<void>;
}

export function lazyAction<Options>(load: () => Promise<CommandModule<Options>>) {
  return async (...params: unknown[]) => {
    const command = params.at(-1) as Command;
    const args = params.slice(0, -2).map(String);
    const module = await load();
    await module.run(command.optsWithGlobals() as Options & GlobalOptions, args, command);
  };
}
