/**
 * `-o FILE.xlsx` through the whole command, as an accountant runs it: every page of the sale
 * list (--all) in one sheet, read back with exceljs and held to the JSON export of the same
 * list; receipt specs' IMEIs as text.
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
    expect(sheet.rowCount).toBe(sales.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.keys(sales[0]!));
    const column = (key: string) => header.indexOf(key) + 1;
    for (const index of [0, 137, sales.length - 1]) {
      const sale = sales[index]!;
      const row = sheet.getRow(index + 2);
      expect(row.getCell(column('id')).value).toBe(sale.id);
      expect(row.getCell(column('totalAmount')).value).toBe(sale.totalAmount);
      expect(row.getCell(column('totalAmount')).numFmt).toBe('#,##0.00');
      expect(row.getCell(column('receiptNo')).value).toBe(sale.receiptNo);
      // Nairobi is UTC+3 all year: the sheet's date is the instant three hours on.
      expect((row.getCell(column('issueDate')).value as Date).getTime()).toBe((sale.issueDate as number) + 3 * 3_600_000);
    }
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps the IMEIs of receipt specs as text', async () => {
    const file = join(temp.dir, 'units.xlsx');
    const written = await cli(['receipt', 'specs', '--company', '1', '--limit', '5', '-o', file]);
    expect(written.code, written.stderr).toBe(0);
    const units = JSON.parse((await cli(['receipt', 'specs', '--company', '1', '--limit', '5', '--format', 'json'])).stdout) as { imei1: string }[];
    const sheet = await sheetOf(file);
    const imei = (sheet.getRow(1).values as unknown[]).indexOf('imei1');
    expect(units[0]!.imei1).toMatch(/^\d{15}$/);
    expect(sheet.getRow(2).getCell(imei).value).toBe(units[0]!.imei1);
    expect(sheet.getRow(2).getCell(imei).type).toBe(ExcelJS.ValueType.String);
  });

  it('is refused on a terminal, naming -o', async () => {
    const shown = await runInProcess(['--db', db, 'sale', 'list', '--company', '1', '--format', 'xlsx'], { home: temp.dir, stdoutIsTTY: true });
    expect(shown.code).toBe(2);
    expect(shown.stderr).toMatch(/xlsx is a binary file.*-o FILE\.xlsx/);
  });
});
