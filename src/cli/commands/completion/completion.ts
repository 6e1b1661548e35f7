/**
 * `shopprop completion <shell>`: the completion script of this version, read from the program's
 * own command tree at the moment it is printed, so it offers exactly the commands, flags and
 * values this shopprop accepts.
 */
import type { Command } from 'commander';
import { cliIO } from '../../cli-io.js';
import { completionTree } from '../../completion/completion-tree.js';
import type { GlobalOptions } from '../../global-options.js';

export async function run(_options: GlobalOptions, args: string[], command: Command): Promise<void> {
  let program = command;
  while (program.parent) program = program.parent;
  const tree = completionTree(program);
  const version = program.version() ?? '';
  const shell = args[0];
  const script =
    shell === 'bash'
      ? (await import('../../completion/bash-script.js')).bashScript(tree, version)
      : shell === 'zsh'
        ? (await import('../../completion/zsh-script.js')).zshScript(tree, version)
        : (await import('../../completion/fish-script.js')).fishScript(tree, version);
  cliIO().terminal.stdout.write(script);
}
