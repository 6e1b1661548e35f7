/**
 * Records as an Excel workbook (xlsx), one sheet named for the report and its month, above
 * its rows a title (what the table's heading says: the report, the company, the filters, the
 * period), the columns headed as the table heads them (CSV keeps the field names, for scripts; a workbook is
 * read by people), and under the rows a totals row where the table has one, its money summed in
 * cents as the rows stream past. Each cell is typed as a spreadsheet wants it.
 * Money is a number shown with two decimals and thousands separators, dates are dates (the
 * company's wall-clock time), counts and ids are numbers, and text (IMEIs, phone numbers,
 * account codes) is text, so 350123456789012 never becomes 3.5E+14 and 0712345678 keeps its
 * zero. The title, header and totals rows are bold; the title and header stay in view. A text cell in xlsx is never
 * a formula, so the CSV apostrophe guard is not needed here.
 *
 * Written with exceljs's streaming writer: each row is committed (serialised into the zip) as
 * it arrives, so `--all` over many pages holds about a page, not the whole result.
 */
import { once, type EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { fromCents, roundToCents } from '../../domain/money.js';
import { paymentsText } from './cells.js';
import type { Column } from './columns/types.js';
import { zoneOffsetMinutes } from './date-text.js';
import { plainMoney } from './money-text.js';
import { safeSheetName } from './sheet-name.js';
import { isRecordPages, writeChunk, type RecordSource } from './write.js';

export interface XlsxOptions {
  /** The sheet's name (Excel allows 31 characters, without : \ / ? * [ ]). */
  sheetName: string;
  /** Lines above the header row, one row each: who and what the sheet covers. */
  title?: readonly string[];
  /** IANA zone whose wall-clock time date cells show. */
  timeZone: string;
  /** A totals row under the rows, summing the money columns marked `total` (when any is shown). */
  totals?: boolean;
  /** The totals row's label for this many rows written (default "Total"). */
  totalLabel?: (written: number) => string;
}

export const MONEY_FORMAT = '#,##0.00';
export const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** The most characters Excel keeps in one cell; a longer text is cut, with an ellipsis. */
const MAX_CELL_TEXT = 32_767;
/** Rows committed between two looks at the zip's backlog, so the zip drains as rows come. */
const ROWS_PER_YIELD = 500;
/** Sheet XML the zip may have waiting to be compressed (more than its input's 16 KB buffer, so a drain follows). */
const ZIP_BACKLOG_BYTES = 1024 * 1024;

// Characters XML 1.0 cannot carry at all: a workbook holding one would not open.
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

type Row = Record<string, unknown>;
type CellValue = string | number | Date | null;

/** Writes the records as one sheet and resolves to how many were written. */
export async function writeXlsx(records: RecordSource, out: NodeJS.WritableStream, columns: readonly Column[], opts: XlsxOptions): Promise<number> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: keptOpen(out), useStyles: true, useSharedStrings: false });
  const title = opts.title ?? [];
  const sheet = workbook.addWorksheet(safeSheetName(opts.sheetName), { views: [{ state: 'frozen', ySplit: title.length + 1, xSplit: 0 }] });
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: widthOf(column),
    style: column.kind === 'money' ? { numFmt: MONEY_FORMAT } : column.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  for (const line of title) {
    // Typed as text in the first cell: a title is never a number or a date.
    const row = sheet.addRow([textCell(line)]);
    row.font = { bold: true, size: 13 };
    row.commit();
  }
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  const cellOf = columns.map((column) => cellWriter(column, opts.timeZone));
  const sums = columns.map(() => 0);
  let count = 0;
  const add = async (record: object) => {
    const row = record as Row;
    const cells = columns.map((column, i) => cellOf[i]!(row[column.key]));
    cells.forEach((cell, i) => {
      if (columns[i]!.total && typeof cell === 'number') sums[i]! += roundToCents(cell);
    });
    sheet.addRow(cells).commit();
    count += 1;
    if (count % ROWS_PER_YIELD === 0) await zipCaughtUp(sheet);
  };
  if (isRecordPages(records)) {
    for await (const page of records.pages) for (const record of page) await add(record);
  } else {
    for await (const record of records) await add(record);
  }
  if (opts.totals && count > 0 && columns.some((column) => column.total)) {
    // The label goes in the first column that is not a sum: a money cell must stay a number.
    const labelAt = columns.findIndex((column) => !column.total);
    const label = opts.totalLabel?.(count) ?? 'Total';
    const totals = sheet.addRow(columns.map((column, i) => (column.total ? fromCents(sums[i]!) : i === labelAt ? label : null)));
    totals.font = { bold: true };
    totals.commit();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** One column's cell value from a record's value, its kind decided once. */
export function cellWriter(column: Column, timeZone: string): (value: unknown) => CellValue {
  const fallback = (value: unknown): CellValue => (value === null || value === undefined ? null : typeof value === 'number' ? value : textCell(value));
  switch (column.kind) {
    case 'money':
    case 'integer':
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback(value));
    case 'date':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? (wallClockDate(value, timeZone) ?? value) : fallback(value));
    case 'payments':
      return (value) => (Array.isArray(value) ? textCell(paymentsText(value, plainMoney)) : fallback(value));
    default:
      return (value) => (value === null || value === undefined ? null : textCell(value));
  }
}

/**
 * A spreadsheet date holds no zone: the Date whose UTC fields are the company's wall-clock time
 * at that instant (exceljs writes a Date's UTC fields). Undefined outside the Date range.
 */
export function wallClockDate(epochMs: number, timeZone: string): Date | undefined {
  const offset = zoneOffsetMinutes(epochMs, timeZone);
  const date = new Date(epochMs + (offset ?? 0) * 60_000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function textCell(value: unknown): string {
  const text = (typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(NOT_IN_XML, '\ufffd');
  return text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT - 1)}…` : text;
}

function widthOf(column: Column): number {
  const wanted = column.kind === 'date' ? 20 : column.kind === 'money' ? 14 : column.kind === 'text' || column.kind === 'payments' ? 18 : 10;
  return Math.min(40, Math.max(wanted, column.header.length + 2));
}

type Backlogged = EventEmitter & { writableLength?: number; _writableState?: { length?: number } };

/**
 * Resolves once the zip has compressed what the sheet wrote. exceljs 4 writes each committed
 * row's XML into the zip's input without waiting for it (its StreamBuf ignores backpressure), so
 * rows committed faster than they are compressed would wait in memory, the more the longer the
 * export: past ZIP_BACKLOG_BYTES, the rows wait for that input to drain. Where exceljs's stream
 * is not shaped so (another version), a turn of the event loop, as before.
 */
async function zipCaughtUp(sheet: unknown): Promise<void> {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  const input = Array.isArray(pipes) ? (pipes[0] as Backlogged | undefined) : undefined;
  const backlog = input?.writableLength ?? input?._writableState?.length;
  if (input !== undefined && typeof backlog === 'number' && backlog > ZIP_BACKLOG_BYTES) await once(input, 'drain');
  else await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The output stream as exceljs's zip sees it: writes pass through with backpressure, and the
 * end of the zip does not end `out`, which belongs to the caller (a file moved into place at
 * commit, or stdout).
 */
function keptOpen(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writeChunk(out, chunk).then(() => callback(), callback);
    },
  });
}
