/**
 * `--format xlsx`: the workbook read back with exceljs, as a spreadsheet app would open it.
 * Money is a number with two decimals shown, dates are dates at the company's wall-clock time,
 * IMEIs and phone numbers are text exactly as sent, the header row holds the table's headings
 * (CSV keeps field names) and is frozen, a totals row sums the money columns where the table
 * has one, the sheet is named for the report and its month; a text that looks like a formula
 * is text, never a formula.
 */
import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cashSaleColumns } from '../../../src/cli/output/columns/cash-sale.js';
import { itemSpecColumns } from '../../../src/cli/output/columns/item-spec.js';
import { OutputUsageError } from '../../../src/cli/output/errors.js';
import { resolveFormat } from '../../../src/cli/output/format.js';
import { renderRecords, type RenderOptions } from '../../../src/cli/output/render.js';
import type { ColumnSet } from '../../../src/cli/output/columns/types.js';

class ByteSink extends Writable {
  chunks: Buffer[] = [];
  ended = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(Buffer.from(chunk));
    callback();
  }
  override _final(callback: () => void): void {
    this.ended = true;
    callback();
  }
}

async function workbookOf(
  records: object[] | { pages: AsyncIterable<object[]> },
  columns: ColumnSet,
  fields?: string[],
  more: Partial<RenderOptions> = {},
): Promise<{ sheet: ExcelJS.Worksheet; sink: ByteSink; written: number }> {
  const sink = new ByteSink();
  const written = await renderRecords(records, sink, { format: 'xlsx', columns, fields, timeZone: 'Africa/Nairobi', ...more });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(sink.chunks) as never);
  return { sheet: book.worksheets[0]!, sink, written };
}

// 2024-05-31 21:30:15 UTC is 1 June 00:30:15 in Nairobi (UTC+3).
const LATE_MAY_UTC = Date.UTC(2024, 4, 31, 21, 30, 15);

describe('xlsx output', () => {
  it("types each cell: money as numbers with two decimals, dates as the company's wall-clock time, text as text", async () => {
    const sale = {
      id: 7,
      issueDate: LATE_MAY_UTC,
      issuedTo: '=HYPERLINK("http://evil.example","x")',
      issuedToPhone: '0712345678',
      totalAmount: 1234.5,
      balance: -5,
      refNo: null,
    };
    const { sheet } = await workbookOf([sale], cashSaleColumns, ['id', 'issueDate', 'issuedTo', 'issuedToPhone', 'totalAmount', 'balance', 'refNo']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'ID', 'Date', 'Customer', 'Phone', 'Total', 'Balance', 'Ref no']);
    const row = sheet.getRow(3);
    expect(row.getCell(1).value).toBe(7);
    const date = row.getCell(2);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    // A spreadsheet date has no zone: it reads 2024-06-01 00:30:15, Nairobi's clock.
    expect((date.value as Date).toISOString()).toBe('2024-06-01T00:30:15.000Z');
    expect(date.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(3).value).toBe(sale.issuedTo);
    expect(row.getCell(4).value).toBe('0712345678');
    for (const [cell, amount] of [
      [5, 1234.5],
      [6, -5],
    ] as const) {
      expect(row.getCell(cell).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(cell).value).toBe(amount);
      expect(row.getCell(cell).numFmt).toBe('#,##0.00');
    }
    expect(row.getCell(7).value).toBeNull();
  });

  it('adds a totals row where the table has one: its money columns summed in cents, the label in the first other column', async () => {
    const sales = [
      { id: 1, totalAmount: 0.1, balance: 0.2 },
      { id: 2, totalAmount: 0.2, balance: -0.05 },
      { id: 3, totalAmount: 1234.5, balance: 0 },
    ];
    const { sheet, written } = await workbookOf(sales, cashSaleColumns, ['id', 'totalAmount', 'balance'], {
      totals: true,
      totalLabel: (n) => (n < 10 ? 'Page total' : 'Total'),
    });
    expect(written).toBe(3);
    expect(sheet.rowCount).toBe(6);
    const totals = sheet.getRow(6);
    expect(totals.values).toEqual([undefined, 'Page total', 1234.8, 0.15]);
    expect(totals.getCell(2).numFmt).toBe('#,##0.00');
    expect(totals.font?.bold).toBe(true);

    expect((await workbookOf(sales, cashSaleColumns, ['id', 'issuedTo'], { totals: true })).sheet.rowCount).toBe(5);
    expect((await workbookOf([], cashSaleColumns, ['id', 'totalAmount'], { totals: true })).sheet.rowCount).toBe(2);
    expect((await workbookOf(sales, cashSaleColumns, ['id', 'totalAmount'])).sheet.rowCount).toBe(5);
  });

  it('names the sheet for the report and its month, from the heading a table prints, else for what a record is', async () => {
    const named = async (more: Partial<RenderOptions>) => (await workbookOf([{ id: 1 }], cashSaleColumns, ['id'], more)).sheet.name;
    expect(await named({ heading: ['Paid and balance · company 1 · zone 2 · October 2026'] })).toBe('Paid and balance October 2026');
    expect(await named({ heading: ['Pay advice · company 1 · property 3 · RENT_ONLY · October 2026'] })).toBe('Pay advice October 2026');
    expect(await named({ heading: ['Cash sales · company 1 · newest first'] })).toBe('Cash sales');
    expect(await named({})).toBe('Cash sales');
    expect(await named({ sheetName: 'Statements October 2026' })).toBe('Statements October 2026');
    // Excel's limit is 31 characters: the report is cut, the month kept.
    expect(await named({ heading: ['M-Pesa sales per shop and cashier · company 1 · September 2026'] })).toBe('M-Pesa sales per September 2026');
  });

  it('keeps IMEIs as text, every digit', async () => {
    const unit = { id: 1, imei1: '356805120010535', imei2: '86012342509234212', serialNo: '000123', salePrice: 2499 };
    const { sheet } = await workbookOf([unit], itemSpecColumns, ['id', 'imei1', 'imei2', 'serialNo', 'salePrice']);
    const row = sheet.getRow(3);
    expect([row.getCell(2).value, row.getCell(3).value, row.getCell(4).value]).toEqual(['356805120010535', '86012342509234212', '000123']);
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
  });

  it('freezes the header row and makes it bold', async () => {
    const { sheet } = await workbookOf([{ id: 1 }], cashSaleColumns, ['id']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.getRow(2).font?.bold).toBe(true);
  });

  it('heads the sheet with what the table heading says, a row a line, else with the sheet name', async () => {
    const heading = ['M-Pesa till reconciliation · company 1 · 1 to 30 September 2026', 'Findings'];
    const { sheet } = await workbookOf([{ id: 1 }], cashSaleColumns, ['id'], { heading });
    expect([sheet.getRow(1).getCell(1).value, sheet.getRow(2).getCell(1).value]).toEqual(heading);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(3).values).toEqual([undefined, 'ID']);
    expect(sheet.getRow(4).getCell(1).value).toBe(1);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    const untitled = (await workbookOf([{ id: 1 }], cashSaleColumns, ['id'])).sheet;
    expect(untitled.getRow(1).getCell(1).value).toBe('Cash sales');
    expect(untitled.getRow(1).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });

  it('writes every page of a paged source, in order, and leaves the output stream open for its owner', async () => {
    async function* pages() {
      for (let page = 0; page < 5; page++) yield Array.from({ length: 400 }, (_, i) => ({ id: page * 400 + i + 1, totalAmount: (page * 400 + i) / 100 }));
    }
    const { sheet, sink, written } = await workbookOf({ pages: pages() }, cashSaleColumns, ['id', 'totalAmount']);
    expect(written).toBe(2000);
    expect(sheet.rowCount).toBe(2002);
    expect(sheet.getRow(2002).getCell(1).value).toBe(2000);
    expect(sheet.getRow(2002).getCell(2).value).toBe(19.99);
    expect(sink.ended).toBe(false);
  });

  it('replaces characters XML cannot carry, so the workbook opens', async () => {
    const { sheet } = await workbookOf([{ id: 1, notes: 'a\u0001b\tc' }], cashSaleColumns, ['id', 'notes']);
    expect(sheet.getRow(3).getCell(2).value).toBe('a\ufffdb\tc');
  });

  it('is chosen by -o report.xlsx, and refused on a terminal', async () => {
    expect(resolveFormat({ output: 'report.xlsx', stdoutIsTTY: true })).toBe('xlsx');
    expect(resolveFormat({ output: 'REPORT.XLSX', stdoutIsTTY: false })).toBe('xlsx');
    await expect(renderRecords([{ id: 1 }], new ByteSink(), { format: 'xlsx', columns: cashSaleColumns, terminal: true })).rejects.toThrow(OutputUsageError);
  });
});
