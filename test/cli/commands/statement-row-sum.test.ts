/**
 * A statements table adds up on every row as shown, as the statement's PDF does: on the demo's
 * statements, wide enough for every term, and at 80 columns, where the terms go together and
 * the net amount due stays. In-process over the demo store.
 */
import { expect, it } from 'vitest';
import { statementCsvColumns } from '../../../src/cli/output/columns/statement.js';
import { demoHome } from '../../helpers/demo-store.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { readTable, rowsNotAddingUp } from '../../helpers/table-sums.js';

const { dir: home, db } = demoHome();

it.each([
  ['240', true],
  ['80', false],
] as const)('at %s columns every row adds up (terms shown: %s)', async (columns, termsShown) => {
  const result = await runInProcess(['--db', db, 'statements', '--landlord', '1', '--type', 'FINAL', '--format', 'table'], {
    home,
    extra: { COLUMNS: columns },
  });
  expect(result.code, result.stderr).toBe(0);
  const table = readTable(result.stdout);
  const { checked, wrong } = rowsNotAddingUp(table, statementCsvColumns);
  expect(wrong, result.stdout).toEqual([]);
  if (termsShown) expect(checked, result.stdout).toBeGreaterThan(2);
  expect(table.headings).toContain('Payable');
  if (!termsShown) expect(table.headings).not.toContain('Period income');
});
