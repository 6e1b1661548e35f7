/** `shopprop help [topic | command]`: the help topics beside commander's per-command help. */
import { Command } from 'commander';
import { EXIT_CODES_HELP } from '../../exit-codes.js';
import { ENVIRONMENT_HELP } from '../../environment-help.js';

const TOPICS: Record<string, string> = { 'exit-codes': EXIT_CODES_HELP, environment: ENVIRONMENT_HELP };

export function helpCommand(program: Command): Command {
  return new Command('help')
    .description(`help for a command, or a topic: ${Object.keys(TOPICS).join(', ')}`)
    .argument('[topic...]', 'a topic, or a command (e.g. sale list)')
    .action((words: string[]) => {
      const topic = TOPICS[words.join(' ')];
      if (topic) {
        program.configureOutput().writeOut!(topic);
        return;
      }
      let target: Command = program;
      for (const word of words) {
        const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) {
          target.error(`unknown help topic or command: ${words.join(' ')} (topics: ${Object.keys(TOPICS).join(', ')})`, { exitCode: 2 });
        }
        target = next!;
      }
      target.outputHelp();
    });
}
