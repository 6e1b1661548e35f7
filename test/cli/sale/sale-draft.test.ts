import { describe, expect, it } from 'vitest';
import { checkSale } from '../../../src/domain/sale-check.js';
import {
  composeSale,
  draftTotals,
  lineInput,
  mainMethod,
  saleFigures,
  type DraftLine,
  type DraftPayment,
  type SaleHeader,
} from '../../../src/cli/sale/sale-draft.js';

const header: SaleHeader = {
  companyId: 1,
  retailShopId: 2,
  cashbookId: 3,
  userId: 4,
  issuedTo: 'Walk-in customer',
  issuedToPhone: '',
  refNo: 'POS-1',
  notes: '',
};

const phone: DraftLine = {
  item: 'Samsung Galaxy A15',
  itemProductId: 1,
  invItemSpecsId: 77,
  identifier: 'IMEI 352123450010535',
  buyingPrice: 21_999,
  unitCost: 17_500,
  qty: 1,
  discount: 500,
  taxIncExc: 1,
  taxRateId: 1,
  taxRate: 16,
};
const speaker: DraftLine = {
  item: 'Bluetooth speaker mini',
  itemProductId: 20,
  buyingPrice: 3_499.99,
  unitCost: 2_100,
  qty: 3,
  discount: 0,
  taxIncExc: 0,
  taxRateId: 1,
  taxRate: 16,
};
const film: DraftLine = {
  item: 'Screen film (per metre)',
  itemProductId: 24,
  buyingPrice: 1_299.99,
  unitCost: 400,
  qty: 0.5,
  discount: 0,
  taxIncExc: 0,
  taxRateId: 2,
  taxRate: 8,
};

describe('a sale line composed at the terminal', () => {
  it('includes tax in the price (taxIncExc 1): total = p*q - d, tax = total * r / (100 + r)', () => {
    // 21,499 * 16 / 116 = 2,965.379... -> 2,965.38
    expect(lineInput(phone)).toMatchObject({ taxAmount: 2965.38, lineTotal: 21_499, invItemSpecsId: 77, qty: 1 });
  });

  it('adds tax to the price (taxIncExc 0): total = p*q - d + tax', () => {
    // 3 x 3,499.99 = 10,499.97; 16% = 1,679.9952 -> 1,680.00
    expect(lineInput(speaker)).toMatchObject({ taxAmount: 1680, lineTotal: 12_179.97 });
    expect(lineInput(speaker)).not.toHaveProperty('invItemSpecsId');
  });

  it('rounds p*q once for a decimal quantity', () => {
    // 0.5 x 1,299.99 = 649.995 -> 650.00; 8% = 52.00
    expect(lineInput(film)).toMatchObject({ taxAmount: 52, lineTotal: 702 });
  });
});

describe('composeSale', () => {
  const payments: DraftPayment[] = [
    { channelId: 1, name: 'Cash', method: 'CASH', amount: 5_000, referenceNo: '' },
    { channelId: 2, name: 'M-Pesa', method: 'MPESA', amount: 20_000, referenceNo: 'QWE123' },
  ];

  it('carries totals that are sums of the rounded lines, and that the server accepts', () => {
    const body = composeSale(header, [phone, speaker], payments);
    expect(body).toMatchObject({ subTotal: 32_498.97, totalDiscount: 500, totalTax: 4645.38, totalAmount: 33_678.97, amountPaid: 25_000 });
    const checked = checkSale(body);
    expect(checked.problems).toEqual([]);
    expect(checked.balanceCents).toBe(867_897);
  });

  it('records the sale under the method of the largest payment and sends every channel', () => {
    const body = composeSale(header, [phone, speaker], payments);
    expect(body.paymentMethod).toBe('MPESA');
    expect(body.transactionType).toBe('MPESA');
    expect(body.channelsDto).toEqual([
      { channelId: 1, referenceNo: '', amount: 5_000 },
      { channelId: 2, referenceNo: 'QWE123', amount: 20_000 },
    ]);
  });

  it('sends amountPaid alone when the payments name no channel (a server without channel lists)', () => {
    const body = composeSale(header, [speaker], [{ name: 'CHECK', method: 'CHECK', amount: 100, referenceNo: '0042' }]);
    expect(body.channelsDto).toBeUndefined();
    expect(body).toMatchObject({ amountPaid: 100, paymentMethod: 'CHECK' });
  });

  it('records a sale wholly on credit with the fallback method and no channels', () => {
    const body = composeSale(header, [film], [], 'MPESA');
    expect(body).toMatchObject({ amountPaid: 0, paymentMethod: 'MPESA' });
    expect(body.channelsDto).toBeUndefined();
    expect(saleFigures(draftTotals([film]), 0).balance).toBe(702);
  });

  it('picks the first of equal payments as the main method', () => {
    expect(
      mainMethod([
        { name: 'a', method: 'CHECK', amount: 10, referenceNo: '' },
        { name: 'b', method: 'CASH', amount: 10, referenceNo: '' },
      ]),
    ).toBe('CHECK');
    expect(mainMethod([], 'CASH')).toBe('CASH');
  });
});
