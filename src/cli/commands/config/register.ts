/** `shopprop config ...`: profiles and their settings. */
import type { Command } from 'commander';
import { completeWith } from '../../completion/completion-values.js';
import { PROFILE_KEYS } from '../../config/keys.js';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { commandGroup } from '../../command-group.js';

export const CONFIG_KEYS_HELP =
  'keys: baseUrl, token, companyId, retailShopId, userId, cashbookId, pagingStyle (offset|page), timeZone, db, smtp.host, smtp.port, smtp.user, smtp.from, smtp.security (starttls|tls|none: month-end --send); a profile inherits what it leaves unset from "default"';

export function configCommands(): Command {
  return withExamples(
    commandGroup('config', `settings per profile (${CONFIG_KEYS_HELP})`, defineConfigCommands),
    'shopprop config list',
    'shopprop config set baseUrl https://erp.example.com',
    'shopprop --profile shop2 config set retailShopId 2',
  );
}

function defineConfigCommands(config: Command): void {
  const run = lazyAction('config/config');
  // Config keys complete in a shell from the same list the command checks them against.
  const keyed = (command: Command) => {
    completeWith(command.registeredArguments[0]!, PROFILE_KEYS);
    return command;
  };
  withExamples(keyed(config.command('get <key>')).description('print one setting of the profile'), 'shopprop config get companyId').action(run);
  withExamples(
    keyed(config.command('set <key> <value>')).description('set a setting of the profile'),
    'shopprop config set baseUrl https://erp.example.com',
    'shopprop --profile shop2 config set retailShopId 2',
  ).action(run);
  withExamples(keyed(config.command('unset <key>')).description('remove a setting of the profile'), 'shopprop config unset token').action(run);
  withExamples(config.command('list').description('every setting of the profile (tokens shortened)'), 'shopprop config list').action(run);
  withExamples(config.command('use <profile>').description('make a profile the active one'), 'shopprop config use shop2').action(run);
  withExamples(config.command('path').description('where the config file is'), 'shopprop config path').action(run);
}
