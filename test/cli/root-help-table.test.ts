/**
 * The program's help table laid out at any width is commander's help at that width, and the
 * build's check refuses a table that is not (the build runs that check on every build).
 */
import { expect, it } from 'vitest';
import { formatHelpTable } from '../../src/cli/root-help/format-help-table.js';
import { checkTableAgainstCommander, commanderHelp, tableFromCommand } from '../../src/cli/root-help/table-from-program.js';

// What the build defines; program.ts reads it when the program is built.
(globalThis as Record<string, unknown>).__SHOPPROP_VERSION__ = '0.0.0-test';
const { buildProgram } = await import('../../src/cli/program.js');

it('lays the table out as commander does at every width from 1 to 300 columns', () => {
  const program = buildProgram();
  const table = tableFromCommand(program);
  for (const width of [1, 24, 40, 57, 80, 81, 120, 300]) expect(formatHelpTable(table, width), `${width} columns`).toBe(commanderHelp(program, width));
  expect(() => checkTableAgainstCommander(program, table)).not.toThrow();
  expect(commanderHelp(program, 80)).toContain('Quick start (local store, demo data):');
});

it('refuses a table whose layout differs from commander’s help', () => {
  const program = buildProgram();
  const table = tableFromCommand(program);
  const stale = { ...table, sections: table.sections.map((s) => ({ ...s, items: s.items.filter(([term]) => !term.startsWith('demo')) })) };
  expect(() => checkTableAgainstCommander(program, stale)).toThrow(/at 1 columns differs/);
  const narrower = { ...table, termWidth: table.termWidth - 1 };
  expect(() => checkTableAgainstCommander(program, narrower)).toThrow(/differs/);
});

it('refuses a command whose help has text before it', () => {
  const program = buildProgram().addHelpText('before', 'Read this first.');
  expect(() => tableFromCommand(program)).toThrow(/text before it/);
});
