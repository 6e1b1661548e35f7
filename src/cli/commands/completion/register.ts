/** `shopprop completion bash|zsh|fish`: the shell completion script, generated from the command tree. */
import { Argument, Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';

export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;

export function completionCommand(): Command {
  return withExamples(
    new Command('completion')
      .description('print a shell completion script: commands, flags and their values')
      .addArgument(new Argument('<shell>', 'the shell').choices(COMPLETION_SHELLS)),
    'shopprop completion bash > ~/.local/share/bash-completion/completions/shopprop',
    'shopprop completion zsh > "${fpath[1]}/_shopprop"',
    'shopprop completion fish > ~/.config/fish/completions/shopprop.fish',
  ).action(lazyAction('completion/completion'));
}
