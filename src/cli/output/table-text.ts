/**
 * Records as a table, which needs the table and colour libraries: loaded only by the output
 * that draws one (render.ts loads it for the table format).
 */
import { Chalk } from 'chalk';
import { tableCell } from './cells.js';
import type { Column } from './columns/types.js';
import { drawTable, sumTotals } from './table.js';

type Row = Record<string, unknown>;

/** A table of already collected records; also used for the lists inside a document. */
export function tableText(
  records: readonly object[],
  columns: readonly Column[],
  opts: { color?: boolean; totals?: boolean; timeZone: string },
): string {
  const paint = new Chalk({ level: opts.color ? 1 : 0 });
  const rows = records.map((record) => columns.map((column) => tableCell((record as Row)[column.key], column, opts.timeZone)));
  const totals = opts.totals && records.length > 0 ? sumTotals(columns, records) : undefined;
  return drawTable({ columns, rows, totals, paint });
}
