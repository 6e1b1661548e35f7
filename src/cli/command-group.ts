/** A command group (`sale`, `local`, ...) with its subcommands defined by `define`. */
import { Command } from 'commander';

export function commandGroup(name: string, description: string, define: (group: Command) => void): Command {
  const group = new Command(name).description(description);
  define(group);
  return group;
}
