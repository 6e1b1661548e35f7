/**
 * The month-end workbook: a sheet per report, each with a title row (company, scope, month),
 * a header row of the tables' own headings (frozen), the rows, and a totals row. Money is a
 * number with a two-decimal format, summed in cents; ids, phone numbers and account numbers
 * are text, so a spreadsheet never reformats them. Streamed with exceljs's WorkbookWriter:
 * each row is committed as it is added, and a sheet is closed before the next is opened.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Worksheet } from 'exceljs';
import { fromCents, roundToCents } from '../../domain/money.js';
import { cellWriter, MONEY_FORMAT, DATE_FORMAT } from '../output/xlsx-writer.js';
import type { Column } from '../output/columns/types.js';

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
  const written: SheetWritten[] = [];
  const names = new Set<string>();
  for await (const spec of sheets) {
    const name = uniqueName(spec.name, names);
    // The title row and the first header row stay in view as the rows scroll.
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 2, xSplit: 0 }] });
    written.push({ name, rows: writeSheet(sheet, spec, timeZone) });
    sheet.commit();
  }
  await workbook.commit();
  await closed;
  return written;
}

function writeSheet(sheet: Worksheet, spec: SheetSpec, timeZone: string): number {
  const widest = Math.max(1, ...spec.sections.map((s) => s.columns.length));
  sheet.columns = Array.from({ length: widest }, (_, i) => ({ width: Math.max(12, ...spec.sections.map((s) => widthOf(s.columns[i]))) }));
  const title = sheet.addRow([spec.title]);
  title.font = { bold: true, size: 13 };
  title.commit();
  let count = 0;
  for (const [index, section] of spec.sections.entries()) {
    if (index > 0) sheet.addRow([]).commit();
    if (section.caption !== undefined) {
      const caption = sheet.addRow([section.caption]);
      caption.font = { bold: true };
      caption.commit();
    }
    const header = sheet.addRow(section.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    const cellOf = section.columns.map((column) => workbookCell(column, timeZone));
    const sums = section.columns.map(() => 0);
    for (const record of section.rows) {
      const row = record as Record<string, unknown>;
      const added = sheet.addRow(section.columns.map((column, i) => cellOf[i]!(row[column.key])));
      styleRow(added, section.columns);
      added.commit();
      section.columns.forEach((column, i) => {
        const value = row[column.key];
        if (column.total && typeof value === 'number') sums[i]! += roundToCents(value);
      });
      count += 1;
    }
    if (section.totals && section.columns.some((c) => c.total)) {
      const totals = sheet.addRow(section.columns.map((column, i) => (i === 0 ? 'Total' : column.total ? fromCents(sums[i]!) : null)));
      totals.font = { bold: true };
      styleRow(totals, section.columns);
      totals.commit();
    }
  }
  if (spec.figures) {
    sheet.addRow([]).commit();
    for (const figure of spec.figures) {
      const row = sheet.addRow([figure.label, figure.value]);
      if (figure.money) row.getCell(2).numFmt = MONEY_FORMAT;
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

function styleRow(row: { getCell(i: number): { numFmt: string } }, columns: readonly Column[]): void {
  columns.forEach((column, i) => {
    if (column.kind === 'money') row.getCell(i + 1).numFmt = MONEY_FORMAT;
    else if (column.kind === 'date') row.getCell(i + 1).numFmt = DATE_FORMAT;
  });
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
