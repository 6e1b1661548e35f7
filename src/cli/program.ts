/**
 * The one registry of commands. Only definitions live here (names, flags, help); every command's
 * work is loaded lazily when it runs. `shopprop --help` alone is printed from a table the build
 * makes from these definitions (root-help/), without loading them.
 */
import { Command, type OutputConfiguration } from 'commander';
import { apiCommand } from './commands/api/register.js';
import { authCommands } from './commands/auth/register.js';
import { completionCommand } from './commands/completion/register.js';
import { configCommands } from './commands/config/register.js';
import { doctorCommand } from './commands/doctor/register.js';
import { helpCommand } from './commands/help/register.js';
import { localCommands } from './commands/local/register.js';
import { monthEndCommand } from './commands/month-end/register.js';
import { propertyCommands } from './commands/property/register.js';
import { receiptCommands } from './commands/receipt/register.js';
import { saleCommands } from './commands/sale/register.js';
import { demoCommand, serveCommand } from './commands/server/register.js';
import { addGlobalOptions } from './global-options.js';
import { groupCommands, subcommandTerm } from './help-layout.js';
import { helpWidth } from './help-width.js';

/** `output` is where commander writes help and usage errors (the process's streams by default). */
export function buildProgram(output?: OutputConfiguration): Command {
  const program = new Command('shopprop')
    .description(
      'Cash sales, receipts and property-management reports from the command line.\n' +
        'Talks to the service at --base-url, or runs the bundled server in-process on a local SQLite store.',
    )
    .version(__SHOPPROP_VERSION__, '-V, --version')
    .showSuggestionAfterError()
    .helpCommand(false)
    .exitOverride()
    // Long option names leave descriptions less than commander's 40 columns at 80: wrap them anyway.
    .configureHelp({ minWidthToWrap: 24, showGlobalOptions: true, subcommandTerm })
    .configureOutput({ ...OUTPUT, ...output });
  addGlobalOptions(program);
  program.addCommand(saleCommands());
  program.addCommand(receiptCommands());
  for (const command of propertyCommands()) program.addCommand(command);
  program.addCommand(monthEndCommand());
  for (const command of authCommands()) program.addCommand(command);
  program.addCommand(apiCommand());
  program.addCommand(configCommands());
  program.addCommand(serveCommand());
  program.addCommand(demoCommand());
  program.addCommand(localCommands());
  program.addCommand(doctorCommand());
  program.addCommand(completionCommand());
  program.addCommand(helpCommand(program));
  groupCommands(program);
  program.addHelpText(
    'after',
    `
Quick start (local store, demo data):
  $ shopprop demo
  $ shopprop sale list
  $ shopprop paidbalance --zone 1

More: shopprop help exit-codes, shopprop help environment,
      shopprop <command> --help
`,
  );
  exitLikeTheProgram(program);
  return program;
}

/**
 * Every error line starts `shopprop:`, commander's own (a bad flag) as well as ours (main.ts),
 * so a script or a person can tell our errors from other programs' by one prefix.
 */
const OUTPUT = {
  outputError: (text: string, write: (text: string) => void) => write(text.replace(/^error: /, 'shopprop: ')),
  getOutHelpWidth: () => helpWidth(process.stdout),
  getErrHelpWidth: () => helpWidth(process.stderr),
};

/** Every subcommand exits through the same path as the program (usage errors exit 2) and writes where it does. */
function exitLikeTheProgram(command: Command): void {
  for (const sub of command.commands) {
    sub.configureOutput(command.configureOutput());
    sub.configureHelp(command.configureHelp());
    sub.exitOverride();
    sub.showSuggestionAfterError();
    exitLikeTheProgram(sub);
  }
}
