/**
 * A command group (`sale`, `local`, ...) whose subcommands are defined only when the group is
 * used: `shopprop --help` lists groups by name and description alone, so it need not build the
 * trees of every group (a few milliseconds of every start). program.ts defines a group's
 * subcommands before dispatching to it, and the help command before looking inside it.
 */
import { Command } from 'commander';

const pending = new WeakMap<Command, (group: Command) => void>();

export function lazyGroup(name: string, description: string, define: (group: Command) => void): Command {
  const group = new Command(name).description(description);
  pending.set(group, define);
  return group;
}

/** Defines the subcommands of a lazy group, once; true when it did so now. */
export function defineSubcommands(command: Command): boolean {
  const define = pending.get(command);
  if (!define) return false;
  pending.delete(command);
  define(command);
  return true;
}
