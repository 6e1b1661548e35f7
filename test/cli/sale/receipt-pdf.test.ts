import { describe, expect, it } from 'vitest';
import { receiptPdf } from '../../../src/cli/sale/receipt-pdf.js';
import { receiptLines, type Receipt } from '../../../src/cli/sale/receipt-text.js';
import { readPdf } from '../../helpers/pdf-read.js';

const receipt: Receipt = {
  companyName: 'Demo Phones Ltd',
  companyTaxNumber: 'P051234567X',
  currency: 'KES',
  shopName: 'Westlands shop',
  receiptNo: 'R000123',
  saleId: 123,
  issueDate: Date.UTC(2026, 10, 22, 7, 5),
  timeZone: 'Africa/Nairobi',
  customer: 'Lucy Akinyi',
  lines: [
    {
      name: 'Tecno Spark 20 128GB',
      qty: 1,
      price: 15_499,
      discount: 0,
      taxRate: 16,
      taxIncExc: 1,
      taxAmount: 2137.79,
      lineTotal: 15_499,
      identifiers: ['IMEI 860123400099858'],
    },
  ],
  subTotal: 15_499,
  totalDiscount: 0,
  totalTax: 2137.79,
  totalAmount: 15_499,
  amountPaid: 10_000,
  balance: 5_499,
  paymentMethod: 'MPESA',
};

describe('the receipt as a PDF', () => {
  it.each([
    [48, 80],
    [32, 58],
  ] as const)('sets the %i-character receipt on %i mm paper, text intact', async (width, mm) => {
    const lines = receiptLines(receipt, width);
    const pdf = await receiptPdf(lines, width, { title: 'Receipt R000123', bold: (l) => l.startsWith('TOTAL') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, fonts } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    const read = pages[0]!;
    // The printer's fixed-pitch face, bold for the total: columns line up as on the slip.
    expect(fonts).toEqual(['Courier', 'Courier-Bold']);
    expect(read.width).toBeCloseTo((mm * 72) / 25.4, 0);
    // As tall as the receipt: about one line of text per line, no A4 page.
    expect(read.height).toBeGreaterThan(lines.length * 7);
    expect(read.height).toBeLessThan(lines.length * 14);
    expect(read.text).toContain('R000123');
    expect(read.text).toContain('IMEI 860123400099858');
    expect(read.text).toContain('2026-11-22 10:05');
    expect(read.text).toMatch(/^\s*PIN P051234567X$/m);
    expect(read.text).toMatch(/TOTAL KES\s+15,499\.00/);
    expect(read.text).toMatch(/Balance due\s+5,499\.00/);
  });
});
