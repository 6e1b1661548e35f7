/**
 * Reads a drawn table as a person does and adds up each row: the columns its headings name,
 * by the column set's row sum (what the row adds up to). Returns every row that does not add
 * up, and how many rows were checked, so a test can say both "all add up" and "some were checked".
 */
import type { ColumnSet } from '../../src/cli/output/columns/types.js';

export interface TableRows {
  headings: string[];
  rows: string[][];
}

/** The table's heading cells and its rows (the totals row included), from its text. */
export function readTable(text: string): TableRows {
  const lines = text.split('\n').filter((line) => line.startsWith('│'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('│')
      .map((cell) => cell.trim());
  const [head, ...rows] = lines.map((line) => cells(line.trimEnd()));
  return { headings: head ?? [], rows };
}

const cents = (text: string): number | undefined => {
  const plain = text.replace(/^(Page total|Total)\s*/, '').replaceAll(',', '');
  return /^-?\d+(\.\d{2})?$/.test(plain) ? Math.round(Number(plain) * 100) : plain === '' ? 0 : undefined;
};

/** Rows of the table that do not add up by the set's row sum; `checked` counts rows that showed the result. */
export function rowsNotAddingUp(table: TableRows, set: ColumnSet): { checked: number; wrong: string[] } {
  const sum = set.rowSum!;
  const headingOf = new Map<string, string>(set.columns.map((c) => [c.key, c.header]));
  for (const term of sum.terms) if (term.header) headingOf.set(term.key, term.header);
  const at = (key: string) => table.headings.indexOf(headingOf.get(key)!);
  const resultAt = at(sum.result);
  // The result alone claims no sum: there is nothing beside it to add.
  const termShown = sum.terms.some((t) => [t.key, ...(t.members ?? [])].some((key) => at(key) !== -1));
  if (resultAt === -1 || !termShown) return { checked: 0, wrong: [] };
  let checked = 0;
  const wrong: string[] = [];
  for (const row of table.rows) {
    const value = (key: string): number => {
      const i = at(key);
      if (i === -1) throw new Error(`the row shows ${headingOf.get(sum.result)} but not ${headingOf.get(key)}: ${row.join(' | ')}`);
      const c = cents(row[i]!);
      if (c === undefined) throw new Error(`not an amount under ${headingOf.get(key)}: ${row[i]}`);
      return c;
    };
    const termValue = (term: (typeof sum.terms)[number]): number => {
      if (term.members && at(term.key) === -1) return term.members.reduce((total, key) => total + value(key), 0);
      if (term.times) return Math.round(value(term.key) * (Number(row[at(term.times)]!.replaceAll(',', '')) || 0));
      return value(term.key);
    };
    // The totals row of a quantity times a price is no sum of the shown figures: only lines are checked then.
    if (/^(Page total|Total)/.test(row[0]!) && sum.terms.some((t) => t.times)) continue;
    const added = sum.terms.reduce((total, term) => total + term.sign * termValue(term), 0);
    checked++;
    if (added !== value(sum.result)) wrong.push(`${row.join(' | ')}: adds up to ${added / 100}`);
  }
  return { checked, wrong };
}
