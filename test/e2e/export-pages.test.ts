/**
 * `--all` exports in the built binary, written a page at a time: the CSV and NDJSON of a walk of
 * many small pages are byte for byte the files single pages formatted whole give (each asked
 * for alone, without --all), and an xlsx of many pages reads back with
 * its header, every cell typed as the column says and valued as the NDJSON export has it, and
 * a totals row that is the sum of every page's rows.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cashSaleWithPaymentColumns } from '../../src/cli/output/columns/cash-sale.js';
import { saleItemColumns } from '../../src/cli/output/columns/sale-item.js';
import type { ColumnSet } from '../../src/cli/output/columns/types.js';
import { demoHome } from '../helpers/demo-store.js';
import { runCli } from '../helpers/run-cli.js';

const { dir: home, db } = demoHome();

async function stdoutOf(args: string[]): Promise<string> {
  const result = await runCli(['--db', db, ...args], { home, timeoutMs: 60_000 });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/**
 * The lists, each with a page size that makes its walk many pages, the demo's size of it, and
 * the size of the single pages it is held to: the most a page holds (1,000), except for the
 * receipt specs, whose `rowId` is a record's place in its page, so their pages are the walk's.
 */
const LISTS = [
  { command: ['sale', 'list'], pageSize: 37, records: 900, wholePage: 1_000 },
  { command: ['sale', 'items'], pageSize: 173, records: 1_837, wholePage: 1_000 },
  { command: ['receipt', 'specs'], pageSize: 75, records: 300, wholePage: 75 },
] as const;

/** The whole list as single pages, each asked for alone and formatted whole. */
async function wholePages(command: readonly string[], records: number, size: number, format: 'csv' | 'ndjson'): Promise<string> {
  let text = '';
  for (let start = 0; start < records; start += size) {
    const page = await stdoutOf([...command, '--company', '1', '--start', String(start), '--limit', String(size), '--format', format]);
    // The CSV header once, as a walk writes it.
    text += start > 0 && format === 'csv' ? page.slice(page.indexOf('\r\n') + 2) : page;
  }
  return text;
}

describe('--all, written a page at a time', () => {
  for (const list of LISTS) {
    for (const format of ['csv', 'ndjson'] as const) {
      it(`${list.command.join(' ')} --format ${format}: ${list.records} records in pages of ${list.pageSize}, the bytes of the whole list`, async () => {
        const walked = await stdoutOf([...list.command, '--company', '1', '--all', '--limit', String(list.pageSize), '--format', format]);
        const lines = walked.split(format === 'csv' ? '\r\n' : '\n').filter((line) => line !== '');
        expect(lines).toHaveLength(list.records + (format === 'csv' ? 1 : 0));
        expect(walked).toBe(await wholePages(list.command, list.records, list.wholePage, format));
      });
    }
  }
});

describe('-o FILE.xlsx of many pages', () => {
  const cases: { command: readonly string[]; pageSize: number; columns: ColumnSet }[] = [
    { command: ['sale', 'list'], pageSize: 101, columns: cashSaleWithPaymentColumns },
    { command: ['sale', 'items'], pageSize: 250, columns: saleItemColumns },
  ];
  for (const { command, pageSize, columns } of cases) {
    it(`${command.join(' ')}: header, typed cells equal to the NDJSON export, totals of every page`, async () => {
      const file = join(home, `${command.join('-')}.xlsx`);
      await stdoutOf([...command, '--company', '1', '--all', '--limit', String(pageSize), '-o', file]);
      const records = (await stdoutOf([...command, '--company', '1', '--all', '--format', 'ndjson', '--raw']))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const [keys, ...csvRows] = parse(await stdoutOf([...command, '--company', '1', '--all', '--format', 'csv'])) as string[][];
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0]!;
      // A title row (the table's heading), the header, the rows and the totals row.
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
      expect(sheet.getRow(1).font).toMatchObject({ bold: true });
      expect(sheet.rowCount).toBe(records.length + (columns.columns.some((column) => column.total) ? 3 : 2));
      expect(csvRows).toHaveLength(records.length);
      const shown = keys!.map((key) => columns.columns.find((column) => column.key === key)!);
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(shown.map((column) => column.header));
      expect(sheet.getRow(2).font).toMatchObject({ bold: true });
      records.forEach((record, index) => {
        const row = sheet.getRow(index + 3);
        shown.forEach((column, at) => {
          const cell = row.getCell(at + 1);
          const value = record[column.key];
          const where = `row ${index + 3} ${column.key}`;
          if (value === null || value === undefined) return expect(cell.value ?? null, where).toBeNull();
          switch (column.kind) {
            case 'money':
              expect(cell.numFmt, where).toBe('#,##0.00');
              return expect(cell.value, where).toBe(value);
            case 'integer':
            case 'number':
              return expect(cell.value, where).toBe(value);
            case 'date':
              // Nairobi is UTC+3 all year: the sheet's date is the instant three hours on.
              return expect((cell.value as Date).getTime(), where).toBe((value as number) + 3 * 3_600_000);
            case 'payments':
              // The same text as the CSV's cell ("Cash 600.00; M-Pesa till 512345 400.00 ref ...").
              return expect(cell.value ?? '', where).toBe(csvRows[index]![at]);
            default:
              // An empty text cell reads back as no value.
              return expect(cell.value ?? '', where).toBe(String(value));
          }
        });
      });
      const totals = sheet.getRow(records.length + 3);
      expect(totals.font).toMatchObject({ bold: true });
      shown.forEach((column, at) => {
        if (!column.total) return;
        const cents = records.reduce((sum, record) => sum + Math.round(((record[column.key] as number | null) ?? 0) * 100), 0);
        expect(Math.round((totals.getCell(at + 1).value as number) * 100), column.key).toBe(cents);
      });
    });
  }
});
