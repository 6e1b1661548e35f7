import { describe, expect, it } from 'vitest';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { checkSale } from '../../src/domain/sale-check.js';

const body = (over: Partial<SaveCashSaleBody> = {}): SaveCashSaleBody => ({
  issuedTo: 'Walk-in',
  issuedToPhone: '',
  amountPaid: 116,
  paymentMethod: 'CASH',
  transactionType: 'CASH',
  refNo: 'T1',
  notes: '',
  cashbookId: 1,
  userId: 1,
  retailShopId: 1,
  companyId: 1,
  subTotal: 116,
  totalDiscount: 0,
  totalTax: 16,
  totalAmount: 116,
  itemIssuesDto: [
    {
      item: 'Charger',
      itemProductId: 1,
      buyingPrice: 116,
      unitCost: 50,
      qty: 1,
      discount: 0,
      taxIncExc: 1,
      taxRateId: 1,
      taxRate: 16,
      taxAmount: 16,
      lineTotal: 116,
    },
  ],
  ...over,
});

describe('checking a sale as sent', () => {
  it('accepts consistent totals and computes the stored amounts', () => {
    const checked = checkSale(body());
    expect(checked.problems).toEqual([]);
    expect(checked.totals).toEqual({ subTotalCents: 11_600, totalDiscountCents: 0, totalTaxCents: 1_600, totalAmountCents: 11_600 });
    expect(checked.lines[0]!.amounts.profitCents).toBe(5_000);
    expect(checked.balanceCents).toBe(0);
  });

  it('lists every problem at once', () => {
    const checked = checkSale(body({ totalAmount: 100, totalTax: 0, amountPaid: 200 }));
    expect(checked.problems.map((p) => p.field)).toEqual(['totalTax', 'totalAmount', 'amountPaid']);
    expect(checked.problems[1]).toMatchObject({ sent: 100, expected: 116 });
  });

  it('a serialised unit sells with qty 1 only, and once per sale', () => {
    const line = body().itemIssuesDto[0]!;
    const checked = checkSale(
      body({
        itemIssuesDto: [
          { ...line, invItemSpecsId: 7, qty: 2, lineTotal: 232, taxAmount: 32 },
          { ...line, invItemSpecsId: 7 },
        ],
        subTotal: 348,
        totalTax: 48,
        totalAmount: 348,
      }),
    );
    expect(checked.problems.map((p) => p.field)).toEqual(['itemIssuesDto[0].qty', 'itemIssuesDto[1].invItemSpecsId']);
  });

  it('refuses amounts with more than two decimals and a discount above the line', () => {
    const line = body().itemIssuesDto[0]!;
    const checked = checkSale(
      body({
        itemIssuesDto: [
          { ...line, buyingPrice: 1.005 },
          { ...line, discount: 200 },
        ],
      }),
    );
    expect(checked.problems.map((p) => p.field)).toContain('itemIssuesDto[0].buyingPrice');
    expect(checked.problems.map((p) => p.field)).toContain('itemIssuesDto[1].discount');
  });
});

describe('amounts too large', () => {
  const line = body().itemIssuesDto[0]!;

  it('an overflowing unitCost is reported as unitCost, with no problem about the totals that are right', () => {
    const checked = checkSale(body({ itemIssuesDto: [{ ...line, unitCost: 10_000_000_000_000 }] }));
    expect(checked.problems.map((p) => p.field)).toEqual(['itemIssuesDto[0].unitCost']);
    expect(checked.problems[0]!.message).toMatch(/^itemIssuesDto\[0\]\.unitCost\b.*amount too large/);
  });

  it('an unreadable price is the only problem: no false problem about the line, the totals or the payment', () => {
    const checked = checkSale(body({ itemIssuesDto: [{ ...line, buyingPrice: 90_071_992_547_409 }] }));
    expect(checked.problems.map((p) => p.field)).toEqual(['itemIssuesDto[0].buyingPrice']);
  });

  it('price x qty too large names the line, and no false problem about totals or payment', () => {
    const checked = checkSale(body({ itemIssuesDto: [{ ...line, buyingPrice: 9_000_000_000_000, qty: 2 }] }));
    expect(checked.problems.map((p) => p.field)).toEqual(['itemIssuesDto[0].qty']);
    expect(checked.problems[0]!.message).toBe('itemIssuesDto[0].buyingPrice x itemIssuesDto[0].qty: amount too large');
  });
});
