/**
 * The month-end workbook: a sheet per report, each with a title row (company, scope, month),
 * a header row of the tables' own headings (frozen), the rows, and a totals row. Money is a
 * number with a two-decimal format, summed in cents; ids, phone numbers and account numbers
 * are text, so a spreadsheet never reformats them. Streamed with exceljs's WorkbookWriter:
 * each row is committed as it is added, and a sheet is closed before the next is opened. The
 * zip takes a sheet in only when the loop gives way, so each sheet is waited for until zipped:
 * memory holds one sheet's XML, not the whole workbook's (the whole-company workbook of the
 * scale-100 demo, 669 sheets, had grown the process by 160 MB before it was zipped).
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Style, Worksheet } from 'exceljs';
import { fromCents, roundToCents } from '../../domain/money.js';
import { cellWriter, MONEY_FORMAT, DATE_FORMAT } from '../output/xlsx-writer.js';
import type { Column } from '../output/columns/types.js';

/** Rows added between two yields to the event loop, so the zip reads a long sheet as it is written. */
const ROWS_PER_YIELD = 500;

export interface SheetSection {
  /** A caption row above the section's header (a pay advice's "Expenses"); none for the first. */
  caption?: string;
  columns: readonly Column[];
  rows: readonly object[];
  /** Sum the money columns marked `total` under the rows. */
  totals: boolean;
}

export interface SheetSpec {
  name: string;
  title: string;
  sections: SheetSection[];
  /** Label and value rows after the sections (a pay advice's own figures). */
  figures?: { label: string; value: number | string | null; money: boolean }[];
}

/** What a sheet holds, for the manifest: its name and how many data rows. */
export interface SheetWritten {
  name: string;
  rows: number;
}

export async function writeWorkbook(file: string, sheets: AsyncIterable<SheetSpec> | Iterable<SheetSpec>, timeZone: string): Promise<SheetWritten[]> {
  const { default: ExcelJS } = await import('exceljs');
  // Our own stream, so the file is known closed (every byte on disk) when this resolves: exceljs's
  // commit resolves when the zip is finished, before a file it opened itself is flushed.
  const out = createWriteStream(file, { flags: 'wx' });
  const closed = finished(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const zip = zipProgress(workbook as unknown as { zip: ZipEvents });
  const written: SheetWritten[] = [];
  const names = new Set<string>();
  for await (const spec of sheets) {
    const name = uniqueName(spec.name, names);
    // The title row and the first header row stay in view as the rows scroll.
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 2, xSplit: 0 }] });
    written.push({ name, rows: await writeSheet(sheet, spec, timeZone) });
    sheet.commit();
    // A failed file (a full disk) ends the wait as it ends the workbook.
    await Promise.race([
      zip.zipped(`xl/worksheets/sheet${sheet.id}.xml`),
      closed.then(() => Promise.reject(new Error(`${file} closed before the workbook was whole`))),
    ]);
  }
  await workbook.commit();
  await closed;
  return written;
}

async function writeSheet(sheet: Worksheet, spec: SheetSpec, timeZone: string): Promise<number> {
  const widest = Math.max(1, ...spec.sections.map((s) => s.columns.length));
  sheet.columns = Array.from({ length: widest }, (_, i) => ({ width: Math.max(12, ...spec.sections.map((s) => widthOf(s.columns[i]))) }));
  const title = sheet.addRow([spec.title]);
  title.getCell(1).style = styleOf(undefined, true, 13);
  title.commit();
  let count = 0;
  for (const [index, section] of spec.sections.entries()) {
    if (index > 0) sheet.addRow([]).commit();
    if (section.caption !== undefined) {
      const caption = sheet.addRow([section.caption]);
      caption.getCell(1).style = styleOf(undefined, true);
      caption.commit();
    }
    const header = sheet.addRow(section.columns.map((c) => c.header));
    styleRow(header, section.columns, true, false);
    header.commit();
    const cellOf = section.columns.map((column) => workbookCell(column, timeZone));
    const sums = section.columns.map(() => 0);
    for (const record of section.rows) {
      const row = record as Record<string, unknown>;
      const added = sheet.addRow(section.columns.map((column, i) => cellOf[i]!(row[column.key])));
      styleRow(added, section.columns, false);
      added.commit();
      section.columns.forEach((column, i) => {
        const value = row[column.key];
        if (column.total && typeof value === 'number') sums[i]! += roundToCents(value);
      });
      count += 1;
      // The zip reads the sheet's rows as they come only when the loop gives way.
      if (count % ROWS_PER_YIELD === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (section.totals && section.columns.some((c) => c.total)) {
      const totals = sheet.addRow(section.columns.map((column, i) => (i === 0 ? 'Total' : column.total ? fromCents(sums[i]!) : null)));
      styleRow(totals, section.columns, true);
      totals.commit();
    }
  }
  if (spec.figures) {
    sheet.addRow([]).commit();
    for (const figure of spec.figures) {
      const row = sheet.addRow([figure.label, figure.value]);
      if (figure.money) row.getCell(2).style = styleOf(MONEY_FORMAT, false);
      row.commit();
    }
  }
  return count;
}

/** Ids and codes are text in the workbook: they name things, they are never added up. */
export function workbookCell(column: Column, timeZone: string): (value: unknown) => string | number | Date | null {
  if (column.kind === 'integer' && isIdKey(column.key)) return (value) => (value === null || value === undefined ? null : String(value));
  return cellWriter(column, timeZone);
}

function isIdKey(key: string): boolean {
  return key === 'id' || key === 'putmId' || /Id$/.test(key);
}

function styleRow(row: { getCell(i: number): { style: Partial<Style> } }, columns: readonly Column[], bold: boolean, formats = true): void {
  columns.forEach((column, i) => {
    const format = !formats ? undefined : column.kind === 'money' ? MONEY_FORMAT : column.kind === 'date' ? DATE_FORMAT : undefined;
    if (format !== undefined || bold) row.getCell(i + 1).style = styleOf(format, bold);
  });
}

/**
 * One style object per look, shared by every cell that has it: exceljs files a cell's style by
 * the object, so a shared one is found at once where a cell's own copy is serialised to XML to
 * be compared (a third of the workbook's time before). Never changed once made.
 */
const STYLES = new Map<string, Partial<Style>>();

function styleOf(numFmt: string | undefined, bold: boolean, size?: number): Partial<Style> {
  const key = `${numFmt ?? ''}|${bold}|${size ?? ''}`;
  let style = STYLES.get(key);
  if (!style) {
    style = {
      ...(numFmt === undefined ? {} : { numFmt }),
      ...(bold ? { font: size === undefined ? { bold: true } : { bold: true, size } } : {}),
    };
    STYLES.set(key, style);
  }
  return style;
}

/** The events of the zip exceljs writes through (archiver): one for each file it has taken in whole. */
interface ZipEvents {
  on(event: 'entry', listener: (entry: { name: string }) => void): unknown;
}

/** Waits for a file of the workbook to be zipped; the names of those already zipped are kept. */
function zipProgress(workbook: { zip: ZipEvents }): { zipped(name: string): Promise<void> } {
  const done = new Set<string>();
  const waiting = new Map<string, () => void>();
  workbook.zip.on('entry', (entry) => {
    const name = entry.name.replace(/^\/+/, '');
    done.add(name);
    waiting.get(name)?.();
    waiting.delete(name);
  });
  return {
    zipped: (name) => (done.has(name) ? Promise.resolve() : new Promise((resolve) => waiting.set(name, resolve))),
  };
}

function widthOf(column: Column | undefined): number {
  if (!column) return 0;
  return Math.min(40, Math.max(column.kind === 'date' ? 20 : column.kind === 'money' ? 14 : 10, column.header.length + 2));
}

/** Excel's sheet names: 31 characters, none of : \ / ? * [ ], unique regardless of case. */
function uniqueName(wanted: string, taken: Set<string>): string {
  const base = (wanted.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Sheet').slice(0, 31);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}
