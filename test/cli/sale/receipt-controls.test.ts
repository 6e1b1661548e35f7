/**
 * Receipts carry no control characters: a customer's name, notes, an item's name or a payment
 * reference holding NUL, BEL, ESC or GS sequences (ESC p opens the cash drawer, GS V cuts the
 * paper on an ESC/POS printer; ESC [ restyles a terminal) prints as plain text in the receipt
 * text and in its PDF.
 */
import { describe, expect, it } from 'vitest';
import type { FoundSale } from '../../../src/cli/sale/find-sale.js';
import { buildReceipt } from '../../../src/cli/sale/receipt-model.js';
import { receiptPdf } from '../../../src/cli/sale/receipt-pdf.js';
import { receiptLines, receiptText } from '../../../src/cli/sale/receipt-text.js';
import type { ReferenceData } from '../../../src/contract/reference-data.js';
import { readPdf } from '../../helpers/pdf-read.js';

const ESC = '\u001b';
const GS = '\u001d';
const sale = {
  id: 9,
  issueDate: Date.UTC(2026, 10, 22, 7, 5),
  issuedTo: `Eve\u0000\u0007${ESC}p\u0000\u0019\u00fa${GS}V\u0000 Mallory`,
  issuedToPhone: `0700${ESC}[2J`,
  amountPaid: 100,
  paymentMethod: 'CASH',
  transactionType: 'CASH',
  refNo: `REF\u009b31m`,
  receiptNo: `R000009${ESC}@`,
  notes: `first line\nsecond\ttab${ESC}]0;title\u0007`,
  companyId: 1,
  cashbookId: 1,
  retailShopId: 1,
  userId: 3,
  totalDiscount: 0,
  totalTax: 0,
  subTotal: 100,
  totalAmount: 100,
  balance: 0,
} as FoundSale;
const line = {
  id: 1,
  itemName: `Cable${ESC}d\u0005 USB-C\u202egnp.exe`,
  itemProductId: 1,
  invItemSpecsId: 5,
  batchItemIssueId: 9,
  buyingPrice: 100,
  qty: 1,
  discount: 0,
  taxIncExc: '1',
  taxRate: 0,
  taxAmount: 0,
  lineTotal: 100,
};
const refs = {
  company: { id: 1, name: `Shop\u0007Co`, address: `Road ${GS}V1`, phone: '0700', timeZone: 'Africa/Nairobi' },
  shops: [{ id: 1, name: `Town${ESC}E\u0001`, location: null }],
  cashbooks: [],
  users: [{ id: 3, name: `Cashier${ESC}!\u0030`, role: 'cashier' }],
  paymentChannels: [],
  taxRates: [],
  products: [],
  units: [{ id: 5, productId: 1, serialNo: `SN${GS}V\u0041`, imei1: `3561${ESC}p\u0000`, imei2: null, sold: true }],
} as unknown as ReferenceData;
const payments = [
  { saleId: 9, channelId: 1, name: `M-Pesa${ESC}p`, method: 'MPESA' as const, referenceNo: `QX${GS}V\u0042`, amount: 100, tendered: null, change: null },
];

// Any C0 or C1 control, DEL, or a bidirectional override; line feeds between receipt lines are the receipt's own.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('receipts without control characters', () => {
  const receipt = buildReceipt(sale, { lines: [line], matchedBy: 'batchItemIssueId' }, refs, 'UTC', payments);

  it('every text field of the receipt is cleaned, the printable text kept', () => {
    expect(receipt.customer).toBe('Evep\u00faV Mallory');
    expect(receipt.notes).toBe('first line second tab]0;title');
    expect(receipt.lines[0]!.name).toBe('Cabled USB-Cgnp.exe');
    expect(JSON.stringify(receipt)).not.toMatch(/\\u00[01][0-9a-f]|\\u007f/i);
    for (const text of [
      receipt.companyName,
      receipt.shopName,
      receipt.cashier,
      receipt.receiptNo,
      receipt.refNo,
      receipt.customerPhone,
      ...receipt.lines[0]!.identifiers,
      receipt.payments![0]!.name,
      receipt.payments![0]!.referenceNo,
    ]) {
      expect(text).not.toMatch(CONTROL);
    }
  });

  it.each([32, 48] as const)('the %i-character receipt text holds no control character', (width) => {
    const text = receiptText(receipt, width);
    expect(text).toContain('Evep');
    expect(text.replaceAll('\n', '')).not.toMatch(CONTROL);
  });

  it('nor does its PDF', async () => {
    const pdf = await receiptPdf(receiptLines(receipt, 48), 48, { title: `Receipt ${receipt.receiptNo}` });
    const { pages } = await readPdf(pdf);
    expect(pages[0]!.text).toContain('Mallory');
    expect(pages[0]!.text.replace(/\s/g, '')).not.toMatch(CONTROL);
  });
});
