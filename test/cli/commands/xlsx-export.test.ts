/**
 * `-o FILE.xlsx` through the whole command, as an accountant runs it: every page of the sale
 * list (--all) in one sheet, read back with exceljs and held to the JSON export of the same
 * list, its totals row the sum of the sales; a report's sheet named for it and its month;
 * receipt specs' IMEIs as text.
 */
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const db = join(temp.dir, 'demo.db');
const cli = (args: string[]) => runInProcess(['--db', db, ...args], { home: temp.dir });

beforeAll(async () => {
  const demo = await cli(['demo']);
  expect(demo.code, demo.stderr).toBe(0);
}, 60_000);

async function sheetOf(file: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book.worksheets[0]!;
}

describe('-o FILE.xlsx', () => {
  it('writes every page of sale list --all, each sale as the JSON export has it', async () => {
    const file = join(temp.dir, 'sales.xlsx');
    const written = await cli(['sale', 'list', '--company', '1', '--all', '--limit', '200', '-o', file]);
    expect(written.code, written.stderr).toBe(0);
    const json = await cli(['sale', 'list', '--company', '1', '--all', '--format', 'json', '--raw']);
    const sales = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(sales.length).toBeGreaterThan(200);
    expect(written.stderr).toContain(`wrote ${sales.length.toLocaleString('en-US')} records to ${file}`);
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Cash sales');
    // The title (the table's heading), the header, the rows, then the totals row of the whole list.
    expect(sheet.getRow(1).getCell(1).value).toMatch(/^Cash sales · company 1/);
    expect(sheet.rowCount).toBe(sales.length + 3);
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    const fields = Object.keys(sales[0]!);
    expect(header).toHaveLength(fields.length);
    expect(header.slice(0, 4)).toEqual(['ID', 'Date', 'Customer', 'Phone']);
    const column = (key: string) => fields.indexOf(key) + 1;
    for (const index of [0, 137, sales.length - 1]) {
      const sale = sales[index]!;
      const row = sheet.getRow(index + 3);
      expect(row.getCell(column('id')).value).toBe(sale.id);
      expect(row.getCell(column('totalAmount')).value).toBe(sale.totalAmount);
      expect(row.getCell(column('totalAmount')).numFmt).toBe('#,##0.00');
      expect(row.getCell(column('receiptNo')).value).toBe(sale.receiptNo);
      // Nairobi is UTC+3 all year: the sheet's date is the instant three hours on.
      expect((row.getCell(column('issueDate')).value as Date).getTime()).toBe((sale.issueDate as number) + 3 * 3_600_000);
    }
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    const totals = sheet.getRow(sales.length + 3);
    expect(totals.getCell(column('id')).value).toBe('Total');
    const centsOf = (key: string) => sales.reduce((sum, sale) => sum + Math.round((sale[key] as number) * 100), 0);
    for (const key of ['totalAmount', 'amountPaid', 'balance']) expect(Math.round((totals.getCell(column(key)).value as number) * 100), key).toBe(centsOf(key));
  });

  it("names a report's sheet for the report and its month, headed as its table, its totals those of the JSON rows", async () => {
    const file = join(temp.dir, 'paid-balance.xlsx');
    const args = ['paidbalance', '--company', '1', '--zone', '1', '--month', '10', '--year', '2026'];
    expect((await cli([...args, '-o', file])).code).toBe(0);
    const rows = JSON.parse((await cli([...args, '--format', 'json'])).stdout) as Record<string, number>[];
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Paid and balance October 2026');
    expect(sheet.getRow(1).getCell(1).value).toMatch(/^Paid and balance · .*zone 1.*October 2026/);
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header).toContain('Tenant');
    expect(header).toContain('Total c/f');
    expect(sheet.rowCount).toBe(rows.length + 3);
    const totals = sheet.getRow(rows.length + 3);
    const cf = header.indexOf('Total c/f') + 1;
    expect(Math.round((totals.getCell(cf).value as number) * 100)).toBe(rows.reduce((sum, row) => sum + Math.round(row.totalCf! * 100), 0));

    const statements = join(temp.dir, 'statements.xlsx');
    expect((await cli(['statements', '--company', '1', '--landlord', '1', '--month', '10', '--year', '2026', '-o', statements])).code).toBe(0);
    expect((await sheetOf(statements)).name).toBe('Statements October 2026');
  });

  it('keeps the IMEIs of receipt specs as text', async () => {
    const file = join(temp.dir, 'units.xlsx');
    const written = await cli(['receipt', 'specs', '--company', '1', '--limit', '5', '-o', file]);
    expect(written.code, written.stderr).toBe(0);
    const units = JSON.parse((await cli(['receipt', 'specs', '--company', '1', '--limit', '5', '--format', 'json'])).stdout) as { imei1: string }[];
    const sheet = await sheetOf(file);
    const imei = (sheet.getRow(2).values as unknown[]).indexOf('IMEI 1');
    expect(units[0]!.imei1).toMatch(/^\d{15}$/);
    expect(sheet.getRow(3).getCell(imei).value).toBe(units[0]!.imei1);
    expect(sheet.getRow(3).getCell(imei).type).toBe(ExcelJS.ValueType.String);
  });

  it('is refused on a terminal, naming -o', async () => {
    const shown = await runInProcess(['--db', db, 'sale', 'list', '--company', '1', '--format', 'xlsx'], { home: temp.dir, stdoutIsTTY: true });
    expect(shown.code).toBe(2);
    expect(shown.stderr).toMatch(/xlsx is a binary file.*-o FILE\.xlsx/);
  });
});
