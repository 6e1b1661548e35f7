import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import type { Column } from './columns/types.js';
import { roundToCents } from '../../domain/money.js';
import { formatCents } from './money-text.js';

const NUMERIC = new Set(['money', 'integer', 'number']);

// No rule between rows, so long reports stay dense; rules go under the header and above
// the totals only (added by `withRules`).
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export interface TableParts {
  columns: readonly Column[];
  /** Cell text, row by row, already formatted. */
  rows: readonly (readonly string[])[];
  /** Totals in cents per column key, for a totals row. */
  totals?: ReadonlyMap<string, number>;
  /** What the totals row is labelled: "Total", or "Page total" for one page of a longer list. */
  totalLabel?: string;
  paint: ChalkInstance;
}

/**
 * An aligned table: numbers right-aligned, headers bold cyan when colour is on. cli-table3's
 * own styling is switched off because it decides colour from process state, not our flags.
 */
export function drawTable({ columns, rows, totals, totalLabel = 'Total', paint }: TableParts): string {
  const table = new Table({
    head: columns.map((column) => paint.bold.cyan(column.header)),
    colAligns: columns.map((column) => (NUMERIC.has(column.kind) ? 'right' : 'left')),
    style: { head: [], border: [] },
    chars: COMPACT,
  });
  for (const row of rows) table.push([...row]);
  const withTotals = totals !== undefined && totals.size > 0;
  if (withTotals) {
    // The label stands where a row's name is read, the first column: never in a later column
    // (an id column would show "Total" as if it were an id); beside the sum when that column has one.
    table.push(
      columns.map((column, index) => {
        const sum = totals.get(column.key);
        if (sum !== undefined) return paint.bold(index === 0 ? `${totalLabel} ${formatCents(sum)}` : formatCents(sum));
        return index === 0 ? paint.bold(totalLabel) : '';
      }),
    );
  }
  return `${withRules(table.toString(), withTotals)}\n`;
}

/** Draws a rule below the one-line header and, with totals, above the last row. */
function withRules(text: string, totalsRow: boolean): string {
  const lines = text.split('\n');
  const top = lines[0] ?? '';
  const rule = top.replace('┌', '├').replaceAll('┬', '┼').replace('┐', '┤');
  if (totalsRow && lines.length >= 4) lines.splice(lines.length - 2, 0, rule);
  if (lines.length > 3) lines.splice(2, 0, rule);
  return lines.join('\n');
}

/** Sums in integer cents of the money columns marked `total`; text or null counts as nothing. */
export function sumTotals(columns: readonly Column[], records: readonly object[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const column of columns) {
    if (!column.total || column.kind !== 'money') continue;
    let cents = 0;
    for (const record of records) {
      const value = (record as Record<string, unknown>)[column.key];
      if (typeof value === 'number' && Number.isFinite(value)) cents += roundToCents(value);
    }
    totals.set(column.key, cents);
  }
  return totals;
}

/** A two-column label/value table, values right-aligned. */
export function drawPairs(pairs: readonly (readonly [string, string])[], paint: ChalkInstance): string {
  const table = new Table({ colAligns: ['left', 'right'], style: { head: [], border: [] }, chars: COMPACT });
  for (const [label, value] of pairs) table.push([paint.bold(label), value]);
  return `${table.toString()}\n`;
}
