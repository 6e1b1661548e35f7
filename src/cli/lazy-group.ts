/**
 * A command group (`sale`, `local`, ...) whose subcommands are defined only when the group is
 * used: `shopprop --help` lists groups by name and description alone, so it need not build the
 * trees of every group (a few milliseconds of every start). program.ts defines a group's
 * subcommands before dispatching to it, and the help command before looking inside it.
 */
import { Command } from 'commander';

/**
 * Kept on the group under a registered symbol, not in a module's map: the built CLI holds this
 * module twice (the parsing bundle and the command chunks), and `shopprop completion` defines
 * every group from a command chunk.
 */
const PENDING = Symbol.for('shopprop.lazy-group');
type Pending = Command & { [PENDING]?: (group: Command) => void };

export function lazyGroup(name: string, description: string, define: (group: Command) => void): Command {
  const group: Pending = new Command(name).description(description);
  group[PENDING] = define;
  return group;
}

/** Defines the subcommands of a lazy group, once; true when it did so now. */
export function defineSubcommands(command: Command): boolean {
  const group = command as Pending;
  const define = group[PENDING];
  if (!define) return false;
  delete group[PENDING];
  define(command);
  return true;
}
