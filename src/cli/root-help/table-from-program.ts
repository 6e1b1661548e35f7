/**
 * The help table of a commander command, gathered the way commander 14's Help.formatHelp
 * gathers what it lays out, and the check that laying it out gives commander's own help at
 * every width. The build runs both for the program (scripts/build.mjs), so a stale or wrong
 * table fails the build instead of printing a help that differs from `shopprop <any> --help`'s.
 */
import type { EventEmitter } from 'node:events';
import type { Command, Option } from 'commander';
import { formatHelpTable } from './format-help-table.js';
import type { HelpSection, HelpTable } from './help-table.js';

export function tableFromCommand(command: Command): HelpTable {
  const helper = command.createHelp();
  const sections: HelpSection[] = [
    { heading: 'Arguments:', items: helper.visibleArguments(command).map((a) => [helper.argumentTerm(a), helper.argumentDescription(a)]) },
  ];
  const optionItem = (o: Option): [string, string] => [helper.optionTerm(o), helper.optionDescription(o)];
  for (const [heading, options] of helper.groupItems(command.options as Option[], helper.visibleOptions(command), (o) => o.helpGroupHeading ?? 'Options:'))
    sections.push({ heading, items: options.map(optionItem) });
  if (helper.showGlobalOptions) sections.push({ heading: 'Global Options:', items: helper.visibleGlobalOptions(command).map(optionItem) });
  for (const [heading, subs] of helper.groupItems(command.commands as Command[], helper.visibleCommands(command), (c) => c.helpGroup() || 'Commands:'))
    sections.push({ heading, items: subs.map((c) => [helper.subcommandTerm(c), helper.subcommandDescription(c)]) });
  return {
    usage: helper.commandUsage(command),
    description: helper.commandDescription(command),
    termWidth: helper.padWidth(command, helper),
    minWidthToWrap: helper.minWidthToWrap,
    sections,
    after: helpTextAround(command),
  };
}

/** What the command's help listeners add after its help; text before it has no place in a table. */
function helpTextAround(command: Command): string {
  let before = '';
  let after = '';
  const context = (write: (text: string) => void) => ({ error: false, write, command });
  // A Command is an EventEmitter (commander's typings leave it out): addHelpText listens for these.
  const events = command as unknown as EventEmitter;
  events.emit(
    'beforeAllHelp',
    context((text) => (before += text)),
  );
  events.emit(
    'beforeHelp',
    context((text) => (before += text)),
  );
  events.emit(
    'afterHelp',
    context((text) => (after += text)),
  );
  events.emit(
    'afterAllHelp',
    context((text) => (after += text)),
  );
  if (before) throw new Error(`${command.name()}'s help has text before it, which a help table cannot hold`);
  return after;
}

/** The command's help as commander writes it to stdout at a width. */
export function commanderHelp(command: Command, width: number): string {
  let text = '';
  const saved = command.configureOutput();
  command.configureOutput({ ...saved, writeOut: (s) => (text += s), getOutHelpWidth: () => width, getOutHasColors: () => false });
  try {
    command.outputHelp();
  } finally {
    command.configureOutput(saved);
  }
  return text;
}

/** Throws unless the table, laid out, is commander's help at every width from 1 to `widest` columns. */
export function checkTableAgainstCommander(command: Command, table: HelpTable, widest = 300): void {
  for (let width = 1; width <= widest; width++) {
    if (formatHelpTable(table, width) !== commanderHelp(command, width))
      throw new Error(`${command.name()}'s help table laid out at ${width} columns differs from commander's help`);
  }
}
