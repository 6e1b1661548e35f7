/**
 * Records as a table, which needs the table and colour libraries: loaded only by the output
 * that draws one (render.ts loads it for the table format).
 */
import { Chalk } from 'chalk';
import { tableCell } from './cells.js';
import type { Column } from './columns/types.js';
import { fitColumns } from './fit-columns.js';
import { formatCents } from './money-text.js';
import { drawTable, sumTotals } from './table.js';

type Row = Record<string, unknown>;

/** A table of already collected records; also used for the lists inside a document. */
export interface TableFit {
  /** The terminal's width in characters; absent: no limit (`--wide`, or not a terminal). */
  width?: number;
  /** Column keys, most important first (left out last). */
  priority?: readonly string[];
  /** False when the person chose the columns (`--fields`): they are narrowed, never left out. */
  mayDrop?: boolean;
  /** Told which columns were left out, to say so. */
  onDropped?: (keys: readonly string[], headers: readonly string[]) => void;
}

export function tableText(
  records: readonly object[],
  allColumns: readonly Column[],
  opts: { color?: boolean; totals?: boolean; timeZone: string; fit?: TableFit },
): string {
  const paint = new Chalk({ level: opts.color ? 1 : 0 });
  let columns = allColumns;
  let rows = records.map((record) => columns.map((column) => tableCell((record as Row)[column.key], column, opts.timeZone)));
  const totals = opts.totals && records.length > 0 ? sumTotals(columns, records) : undefined;
  const width = opts.fit?.width;
  if (width !== undefined && columns.length > 0) {
    const natural = columns.map((column, i) => {
      const sum = totals?.get(column.key);
      let widest = Math.max(column.header.length, sum === undefined ? (i === 0 ? 5 : 0) : formatCents(sum).length);
      for (const row of rows) widest = Math.max(widest, row[i]!.length);
      // A payment cut shorter than "M-Pesa 29,999.00" says nothing: leave the column out first.
      const floor = column.kind === 'payments' ? 18 : Math.max(10, column.header.length);
      return { key: column.key, header: column.header, shrinkable: column.kind === 'text' || column.kind === 'payments', natural: widest, floor };
    });
    const fit = fitColumns(natural, width, opts.fit?.priority ?? columns.map((c) => c.key), opts.fit?.mayDrop ?? true);
    columns = fit.kept.map((i) => allColumns[i]!);
    rows = rows.map((row) => fit.kept.map((i, k) => ellipsis(row[i]!, fit.widths[k]!)));
    if (fit.dropped.length > 0) opts.fit?.onDropped?.(fit.dropped, fit.dropped.map((key) => allColumns.find((c) => c.key === key)!.header));
  }
  return drawTable({ columns, rows, totals, paint });
}

/** The text cut to `width` characters, its end replaced by an ellipsis when cut. */
function ellipsis(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}
