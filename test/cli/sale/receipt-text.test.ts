import { describe, expect, it } from 'vitest';
import { receiptLines, receiptText, twoColumns, wrap, type Receipt } from '../../../src/cli/sale/receipt-text.js';

/** 2026-11-22 18:11 UTC is 21:11 in Nairobi. */
const receipt: Receipt = {
  companyName: 'Demo Phones Ltd',
  address: 'Moi Avenue, Nairobi',
  phone: '+254 700 000 000',
  shopName: 'Moi Avenue shop',
  receiptNo: 'R000901',
  saleId: 901,
  issueDate: Date.UTC(2026, 10, 22, 18, 11, 42),
  timeZone: 'Africa/Nairobi',
  cashier: 'Grace Wairimu',
  customer: 'Lucy Akinyi',
  customerPhone: '+254713535448',
  refNo: 'POS-1-8f2a',
  notes: '',
  lines: [
    {
      name: 'Samsung Galaxy A15 128GB',
      qty: 1,
      price: 21_999,
      discount: 500,
      taxRate: 16,
      taxIncExc: 1,
      taxAmount: 2965.38,
      lineTotal: 21_499,
      identifiers: ['IMEI 352123450010535'],
    },
    { name: 'Bluetooth speaker mini', qty: 3, price: 3_499.99, discount: 0, taxRate: 16, taxIncExc: 0, taxAmount: 1680, lineTotal: 12_179.97, identifiers: [] },
  ],
  subTotal: 32_498.97,
  totalDiscount: 500,
  totalTax: 4645.38,
  totalAmount: 33_678.97,
  amountPaid: 25_000,
  balance: 8_678.97,
  paymentMethod: 'MPESA',
};

describe('receipt text', () => {
  it('lays out an 80 mm receipt (48 characters)', () => {
    expect(receiptText(receipt, 48)).toBe(
      [
        '                Demo Phones Ltd',
        '                Moi Avenue shop',
        '              Moi Avenue, Nairobi',
        '              Tel +254 700 000 000',
        '================================================',
        'RECEIPT                                  R000901',
        'Date                            2026-11-22 21:11',
        'Sale                                         901',
        'Served by                          Grace Wairimu',
        'Customer                             Lucy Akinyi',
        'Phone                              +254713535448',
        '------------------------------------------------',
        'Samsung Galaxy A15 128GB',
        '  IMEI 352123450010535',
        '  1 x 21,999.00                        21,999.00',
        '  Discount                               -500.00',
        'Bluetooth speaker mini',
        '  3 x 3,499.99                         10,499.97',
        '------------------------------------------------',
        'Subtotal                               32,498.97',
        'Discount                                 -500.00',
        'Tax 16% incl.                           2,965.38',
        'Tax 16% added                           1,680.00',
        'TOTAL                                  33,678.97',
        '------------------------------------------------',
        'Paid (MPESA)                           25,000.00',
        'Balance due                             8,678.97',
        '------------------------------------------------',
        'Ref no                                POS-1-8f2a',
        '                   Thank you',
        '',
      ].join('\n'),
    );
  });

  it('fits every line in 32 characters for 58 mm paper', () => {
    const lines = receiptLines({ ...receipt, lines: [{ ...receipt.lines[0]!, name: 'Samsung Galaxy S24 Ultra 512GB Titanium Violet edition' }] }, 32);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(32);
    expect(lines).toContain('Samsung Galaxy S24 Ultra 512GB');
    expect(lines).toContain('Titanium Violet edition');
    expect(lines).toContain('TOTAL                  33,678.97');
  });

  it('shows each payment channel and the amount paid when there are several', () => {
    const lines = receiptLines(
      {
        ...receipt,
        payments: [
          { name: 'Cash', amount: 5_000 },
          { name: 'M-Pesa till 512345', amount: 20_000, referenceNo: 'QWE123RTY' },
        ],
      },
      32,
    );
    expect(lines).toEqual(
      expect.arrayContaining(['Cash                    5,000.00', 'M-Pesa till 512345     20,000.00', '  Ref QWE123RTY', 'Amount paid            25,000.00']),
    );
  });

  it('lists each payment with its method and reference, and the cash tendered with the change', () => {
    // 600 cash from 1,000 handed over (change 400) and 400 by M-Pesa.
    const split: Receipt = {
      ...receipt,
      amountPaid: 1_000,
      balance: receipt.totalAmount - 1_000,
      payments: [
        { name: 'Till', method: 'CASH', amount: 600, tendered: 1_000 },
        { name: 'Safaricom 512345', method: 'MPESA', amount: 400, referenceNo: 'QKX7Y2Z9AB' },
      ],
    };
    const lines = receiptLines(split, 48);
    const from = lines.indexOf('Till (Cash)                               600.00');
    expect(from).toBeGreaterThan(0);
    expect(lines.slice(from, from + 6)).toEqual([
      'Till (Cash)                               600.00',
      '  Tendered                              1,000.00',
      '  Change                                  400.00',
      'Safaricom 512345 (M-Pesa)                 400.00',
      '  Ref QKX7Y2Z9AB',
      'Amount paid                             1,000.00',
    ]);
  });

  it('shows no change when the cash was the exact amount', () => {
    const lines = receiptLines({ ...receipt, payments: [{ name: 'Cash', method: 'CASH', amount: 25_000, tendered: 25_000 }] }, 32);
    expect(lines.some((line) => /Tendered|Change/.test(line))).toBe(false);
  });

  it('says Balance (not due) for a sale paid in full, and leaves out zero discounts and tax', () => {
    const paid: Receipt = {
      ...receipt,
      lines: [{ name: 'SIM card replacement', qty: 1, price: 50, discount: 0, taxRate: 0, taxIncExc: 1, taxAmount: 0, lineTotal: 50, identifiers: [] }],
      subTotal: 50,
      totalDiscount: 0,
      totalTax: 0,
      totalAmount: 50,
      amountPaid: 50,
      balance: 0,
    };
    const text = receiptText(paid, 32);
    expect(text).toContain('Balance                     0.00');
    expect(text).not.toMatch(/Discount|Tax/);
  });

  it('prints one tax row and a note when the lines could not be found', () => {
    const text = receiptText({ ...receipt, lines: [], linesNote: "(the sale's lines could not be found)" }, 48);
    expect(text).toContain("(the sale's lines could not be found)");
    expect(text).toContain('Tax                                     4,645.38');
  });

  it("prints the company's PIN under its name and the currency on the total, at both widths", () => {
    const registered: Receipt = { ...receipt, companyTaxNumber: 'P051234567X', currency: 'KES' };
    expect(receiptLines(registered, 48).slice(0, 3)).toEqual([
      '                Demo Phones Ltd',
      '                PIN P051234567X',
      '                Moi Avenue shop',
    ]);
    expect(receiptLines(registered, 48)).toContain('TOTAL KES                              33,678.97');
    const narrow = receiptLines(registered, 32);
    expect(narrow.slice(0, 3)).toEqual(['        Demo Phones Ltd', '        PIN P051234567X', '        Moi Avenue shop']);
    expect(narrow).toContain('TOTAL KES              33,678.97');
    for (const line of narrow) expect(line.length).toBeLessThanOrEqual(32);
    // Other amounts stay bare: the currency is said once, where the customer reads what to pay.
    expect(narrow.filter((line) => line.includes('KES'))).toEqual(['TOTAL KES              33,678.97']);
  });

  it('prints neither when the server did not say (a server without these settings)', () => {
    const lines = receiptLines({ ...receipt, companyTaxNumber: null, currency: null }, 32);
    expect(lines.some((line) => line.includes('PIN'))).toBe(false);
    expect(lines).toContain('TOTAL                  33,678.97');
  });

  it("shows the date in the company's zone", () => {
    expect(receiptText({ ...receipt, timeZone: 'UTC' }, 48)).toContain('2026-11-22 18:11');
  });
});

describe('receipt text helpers', () => {
  it('cuts a long label, never the value', () => {
    expect(twoColumns('a very long label indeed', '1,000.00', 16)).toBe('a very l 1,000.00'.slice(0, 7) + ' 1,000.00');
    expect(twoColumns('Customer', 'Someone with a very long name', 16)).toBe('Someone with a v');
    expect(twoColumns('TOTAL', '5.00', 12)).toBe('TOTAL   5.00');
  });

  it('wraps at spaces and breaks words longer than a line', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('ABCDEFGHIJKL', 5)).toEqual(['ABCDE', 'FGHIJ', 'KL']);
  });
});
