/**
 * Records as a table, which needs the table and colour libraries: loaded only by the output
 * that draws one (render.ts loads it for the table format).
 */
import { Chalk } from 'chalk';
import { tableCell } from './cells.js';
import type { Column, RowSum } from './columns/types.js';
import { fitColumns } from './fit-columns.js';
import { formatCents } from './money-text.js';
import { sumLayouts, withSums } from './row-sum.js';
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
  /** What a row adds up to, over the column set's every column: kept adding up as it narrows. */
  sum?: { rowSum: RowSum; columns: readonly Column[] };
}

export function tableText(
  records: readonly object[],
  allColumns: readonly Column[],
  opts: { color?: boolean; totals?: boolean; totalLabel?: string; timeZone: string; fit?: TableFit },
): string {
  const paint = new Chalk({ level: opts.color ? 1 : 0 });
  const sum = opts.fit?.sum;
  const layouts = sum ? sumLayouts(allColumns, sum.columns, sum.rowSum, opts.fit?.priority ?? allColumns.map((c) => c.key)) : [];
  const draw = (table: Fitted, columns: readonly Column[]) => {
    if (table.dropped.length > 0)
      opts.fit?.onDropped?.(
        table.dropped,
        table.dropped.map((key) => columns.find((c) => c.key === key)!.header),
      );
    return drawTable({ ...table, totalLabel: opts.totalLabel, paint });
  };
  if (layouts.length === 0) return draw(fitted(records, allColumns, opts.fit?.priority, opts), allColumns);
  const rows = withSums(records, sum!.rowSum);
  // The widest layout whose row still adds up; the last (the result alone) always does.
  for (const [i, layout] of layouts.entries()) {
    const table = fitted(rows, layout.columns, layout.priority, opts);
    if (i === layouts.length - 1 || layout.required.every((key) => table.columns.some((c) => c.key === key))) return draw(table, layout.columns);
  }
  throw new Error('unreachable: the last layout is always drawn');
}

interface Fitted {
  columns: readonly Column[];
  rows: string[][];
  totals?: ReadonlyMap<string, number>;
  dropped: string[];
}

/**
 * The columns that fit the width and their cells. Widths are measured with the totals row,
 * whose first cell reads "Total 1,234.00" when that column has a sum: a table sized on its
 * rows alone came out wider than the terminal once the totals row was drawn.
 */
function fitted(
  records: readonly object[],
  allColumns: readonly Column[],
  priority: readonly string[] | undefined,
  opts: { totals?: boolean; totalLabel?: string; timeZone: string; fit?: TableFit },
): Fitted {
  let columns = allColumns;
  let rows = records.map((record) => columns.map((column) => tableCell((record as Row)[column.key], column, opts.timeZone)));
  const totals = opts.totals && records.length > 0 ? sumTotals(columns, records) : undefined;
  const width = opts.fit?.width;
  if (width === undefined || columns.length === 0) return { columns, rows, totals, dropped: [] };
  const natural = columns.map((column, i) => {
    const total = totals?.get(column.key);
    const label = opts.totalLabel ?? 'Total';
    const totalCell = total === undefined ? (i === 0 && totals ? label : '') : `${i === 0 ? `${label} ` : ''}${formatCents(total)}`;
    let widest = Math.max(column.header.length, totalCell.length);
    for (const row of rows) widest = Math.max(widest, row[i]!.length);
    // A payment cut shorter than "M-Pesa 29,999.00" says nothing: leave the column out first.
    // The totals row's label is drawn whole: its column is cut no narrower.
    const floor = Math.max(column.kind === 'payments' ? 18 : Math.max(10, column.header.length), i === 0 ? totalCell.length : 0);
    return {
      key: column.key,
      header: column.header,
      shrinkable: (column.kind === 'text' || column.kind === 'payments') && !column.whole,
      natural: widest,
      floor,
    };
  });
  const fit = fitColumns(natural, width, priority ?? columns.map((c) => c.key), opts.fit?.mayDrop ?? true);
  if (fit.kept.length > 0 && fit.kept[0] !== 0 && totals) {
    // Another column now comes first and carries the totals' label: measured again with it.
    const again = fitted(
      records,
      fit.kept.map((i) => allColumns[i]!),
      priority,
      opts,
    );
    return { ...again, dropped: [...fit.dropped, ...again.dropped] };
  }
  columns = fit.kept.map((i) => allColumns[i]!);
  rows = rows.map((row) => fit.kept.map((i, k) => ellipsis(row[i]!, fit.widths[k]!)));
  return { columns, rows, totals, dropped: fit.dropped };
}

/** The text cut to `width` characters, its end replaced by an ellipsis when cut. */
function ellipsis(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}
