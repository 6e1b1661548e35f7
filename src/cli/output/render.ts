/**
 * Records in the chosen format. The table library is loaded by the format that uses it, so a
 * JSON page does not pay for it (table-text.ts has the table itself).
 */
import { unsafeCharactersBut } from '../../client/unsafe-characters.js';
import { csvFieldWriter, jsonValue } from './cells.js';
import { csvRecord } from './csv-text.js';
import type { Column, ColumnSet } from './columns/types.js';
import { assertTimeZone, DEFAULT_TIME_ZONE } from './date-text.js';
import { OutputUsageError } from './errors.js';
import { selectFields } from './fields.js';
import type { OutputFormat } from './format.js';
import { isRecordPages, pump, writeChunk, type RecordSource } from './write.js';

export interface RenderOptions {
  format: OutputFormat;
  columns: ColumnSet;
  /** `--fields`; when absent a table shows its default subset and the rest every field. */
  fields?: readonly string[];
  /** Keep dates as epoch ms in json, ndjson and csv. Tables always show calendar days. */
  raw?: boolean;
  /** Start CSV with a UTF-8 byte order mark, which spreadsheet apps need to read UTF-8. */
  bom?: boolean;
  color?: boolean;
  /** Add a totals row to a table, summing the money columns marked `total`. */
  totals?: boolean;
  /** The totals row's label for a table of this many records (default "Total"). */
  totalLabel?: (shown: number) => string;
  /** IANA zone of table, csv and xlsx dates (json keeps UTC); default Africa/Nairobi. */
  timeZone?: string;
  /** Fit a table to this many characters; absent: no limit. */
  width?: number;
  /** Told which table columns were left out to fit the width. */
  onDropped?: (keys: readonly string[], headers: readonly string[]) => void;
  /** Lines printed above a table (what the report is of); other formats leave them out, but xlsx names its sheet from them and heads it with them. */
  heading?: readonly string[];
  /** The xlsx sheet's name; default the heading's report and month, else what a record is (sheet-name.ts). */
  sheetName?: string;
  /** The output is a terminal: json, ndjson and csv lose the control characters in the data (tables already do). */
  terminal?: boolean;
}

// Data from the server on a terminal: escape sequences would restyle, retitle or move it.
// JSON escapes C0 controls itself, not DEL, C1 (CSI is U+009B) or bidirectional overrides.
// The output's own layout (tab, line feed, carriage return) stays.
const TERMINAL_UNSAFE = unsafeCharactersBut('\t\n\r');

/** The stream, writing each chunk with unsafe characters replaced by U+FFFD. */
function terminalSafe(out: NodeJS.WritableStream): NodeJS.WritableStream {
  return new Proxy(out, {
    get(target, property) {
      if (property === 'write') {
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? chunk.replace(TERMINAL_UNSAFE, '\ufffd') : chunk, ...rest);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

type Row = Record<string, unknown>;

/**
 * Writes records in the chosen format and resolves to how many were written.
 *
 * ndjson, csv and json stream: each record (or page of records) is written as it arrives and
 * the producer waits for `drain`, so a million rows take constant memory. A table collects its
 * rows, since column widths depend on all of them; tables are for people, not for millions of
 * rows.
 *
 * json and ndjson without `--fields` carry every contract field the record has, in contract
 * order, followed by any fields the contract does not name (a server's additions are kept,
 * not dropped). With `--fields`, exactly those keys, absent ones as null. csv has one fixed
 * header: the selected columns' keys.
 *
 * CSV: RFC 4180 (CRLF line ends, quotes only where needed), money with two fixed decimals and
 * no separators (`1234.50`), ISO 8601 dates in UTC. A text cell that starts with `=`, `+`, `-`,
 * `@`, tab or CR gets a leading apostrophe (OWASP CSV injection), so a spreadsheet shows it
 * rather than runs it; numbers are never touched (a negative amount stays -5.00), and `--raw`
 * writes text exactly as the server sent it.
 */
export async function renderRecords(records: RecordSource, out: NodeJS.WritableStream, opts: RenderOptions): Promise<number> {
  const columns = selectFields(opts.fields, opts.columns, opts.format);
  const raw = opts.raw ?? false;
  if (opts.terminal && opts.format !== 'table') out = terminalSafe(out);
  if (opts.bom && opts.format !== 'csv') {
    throw new OutputUsageError('--bom applies to csv output only');
  }
  if (opts.format === 'xlsx' && opts.terminal) {
    throw new OutputUsageError('xlsx is a binary file, not for a terminal: write it with -o FILE.xlsx (or pipe it)');
  }
  switch (opts.format) {
    case 'ndjson':
      return writeNdjson(records, out, projector(columns, opts.fields !== undefined, raw));
    case 'json':
      return writeJsonArray(records, out, projector(columns, opts.fields !== undefined, raw));
    case 'csv':
      return writeCsv(records, out, columns, raw, opts.bom ?? false, zoneOf(opts));
    case 'xlsx': {
      const [{ writeXlsx }, { sheetNameFor }] = await Promise.all([import('./xlsx-writer.js'), import('./sheet-name.js')]);
      const sheetName = opts.sheetName ?? sheetNameFor(opts.heading, opts.columns.name);
      // The title says what the table's heading says; a list without one is titled by its sheet's name.
      const title = opts.heading?.length ? opts.heading : [sheetName];
      return writeXlsx(records, out, columns, { sheetName, title, timeZone: zoneOf(opts), totals: opts.totals, totalLabel: opts.totalLabel });
    }
    case 'table': {
      const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
      assertTimeZone(timeZone);
      const rows: object[] = [];
      if (isRecordPages(records)) {
        for await (const page of records.pages) for (const record of page) rows.push(record);
      } else {
        for await (const record of records) rows.push(record);
      }
      const { tableText } = await import('./table-text.js');
      const chosen = opts.fields !== undefined;
      // Columns the person chose are shown as chosen; the table's own choice keeps its rows adding up.
      const sum = !chosen && opts.columns.rowSum ? { rowSum: opts.columns.rowSum, columns: opts.columns.columns } : undefined;
      const fit = { width: opts.width, priority: opts.columns.tablePriority, mayDrop: !chosen, onDropped: opts.onDropped, sum };
      const heading = opts.heading?.length ? `${opts.heading.join('\n')}\n` : '';
      await writeChunk(out, heading + tableText(rows, columns, { ...opts, totalLabel: opts.totalLabel?.(rows.length), timeZone, fit }));
      return rows.length;
    }
  }
}

/** Turns a record into the object json and ndjson print. */
export function projector(columns: readonly Column[], exact: boolean, raw: boolean): (record: object) => Row {
  if (exact) {
    return (record) => {
      const row = record as Row;
      const projected: Row = {};
      for (const column of columns) projected[column.key] = jsonValue(row[column.key], column, raw);
      return projected;
    };
  }
  const known = new Map(columns.map((column) => [column.key, column]));
  return (record) => {
    const row = record as Row;
    const projected: Row = {};
    for (const column of columns) {
      if (column.key in row) projected[column.key] = jsonValue(row[column.key], column, raw);
    }
    for (const key of Object.keys(row)) {
      if (!known.has(key)) projected[key] = row[key] === undefined ? null : row[key];
    }
    return projected;
  };
}

async function writeNdjson(records: RecordSource, out: NodeJS.WritableStream, project: (record: object) => Row): Promise<number> {
  return pump(records, out, (group) => {
    let text = '';
    for (const record of group) text += `${JSON.stringify(project(record))}\n`;
    return text;
  });
}

async function writeJsonArray(records: RecordSource, out: NodeJS.WritableStream, project: (record: object) => Row): Promise<number> {
  const count = await pump(records, out, (group, index) => {
    let text = '';
    for (const record of group) text += `${index++ === 0 ? '[\n' : ',\n'}${JSON.stringify(project(record))}`;
    return text;
  });
  await writeChunk(out, count === 0 ? '[]\n' : '\n]\n');
  return count;
}

/** The zone dates are shown in: the company's (the profile's timeZone), checked; Nairobi by default. */
function zoneOf(opts: RenderOptions): string {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  assertTimeZone(timeZone);
  return timeZone;
}

async function writeCsv(
  records: RecordSource,
  out: NodeJS.WritableStream,
  columns: readonly Column[],
  raw: boolean,
  bom: boolean,
  timeZone: string,
): Promise<number> {
  const keys = columns.map((column) => column.key);
  await writeChunk(out, (bom ? '\ufeff' : '') + csvRecord(keys));
  const fieldOf = columns.map((column) => csvFieldWriter(column, raw, timeZone));
  // One array of fields, reused: a record is joined into one flat string, where adding field
  // after field made two intermediate strings per field (garbage a long export collected).
  const fields: string[] = new Array<string>(keys.length).fill('');
  return pump(records, out, (group) => {
    let text = '';
    for (const record of group) {
      const row = record as Row;
      for (let i = 0; i < keys.length; i++) fields[i] = fieldOf[i]!(row[keys[i]!]);
      text += `${fields.join(',')}\r\n`;
    }
    return text;
  });
}
