import { describe, expect, it } from 'vitest';
import type { SaveCashSaleBody, SaleLineInput } from '../../src/contract/cash-sale.js';
import { MAX_AMOUNT_CENTS, toCents, withinCents } from '../../src/domain/money.js';
import { checkSale } from '../../src/domain/sale-check.js';
import { checkSentAmount } from '../../src/domain/sent-amount.js';

const line = (over: Partial<SaleLineInput>): SaleLineInput => ({
  item: 'Plot',
  itemProductId: 1,
  buyingPrice: 0,
  unitCost: 0,
  qty: 1,
  discount: 0,
  taxIncExc: 1,
  taxRateId: 1,
  taxRate: 16,
  taxAmount: 0,
  lineTotal: 0,
  ...over,
});

const sale = (lines: SaleLineInput[], totals: Pick<SaveCashSaleBody, 'subTotal' | 'totalTax' | 'totalAmount' | 'amountPaid'>): SaveCashSaleBody => ({
  issuedTo: 'Walk-in',
  issuedToPhone: '',
  paymentMethod: 'CASH',
  transactionType: 'CASH',
  refNo: 'T1',
  notes: '',
  cashbookId: 1,
  userId: 1,
  retailShopId: 1,
  companyId: 1,
  totalDiscount: 0,
  itemIssuesDto: lines,
  ...totals,
});

describe('sent amounts are compared as exact cents', () => {
  it('accepts large sales within 0.01, which a float epsilon refused', () => {
    // 141,050,382.40 tax inclusive at 16%: tax 141,050,382.40 x 16 / 116 = 19,455,225.1586 -> 19,455,225.16
    const big = sale([line({ buyingPrice: 141_050_382.4, taxAmount: 19_455_225.16, lineTotal: 141_050_382.4 })], {
      subTotal: 141_050_382.4,
      totalTax: 19_455_225.16,
      totalAmount: 141_050_382.4,
      amountPaid: 141_050_382.39,
    });
    const checked = checkSale({ ...big, channelsDto: [{ channelId: 1, referenceNo: 'x', amount: 141_050_382.4 }] });
    expect(checked.problems).toEqual([]);
    expect(checked.amountPaidCents).toBe(14_105_038_240);
    // 1,064,328,255.63 tax exclusive at 16%: tax 170,292,520.9008 -> 170,292,520.90; sent .89
    const taxed = sale([line({ buyingPrice: 1_064_328_255.63, taxIncExc: 0, taxAmount: 170_292_520.9, lineTotal: 1_234_620_776.53 })], {
      subTotal: 1_064_328_255.63,
      totalTax: 170_292_520.89,
      totalAmount: 1_234_620_776.53,
      amountPaid: 0,
    });
    expect(checkSale(taxed).problems).toEqual([]);
  });

  it('holds to the cent at the largest amount the interface allows', () => {
    expect(MAX_AMOUNT_CENTS).toBe(999_999_999_999_999);
    expect(toCents(9_999_999_999_999.99)).toBe(999_999_999_999_999);
    expect(checkSentAmount('totalAmount', 9_999_999_999_999.98, MAX_AMOUNT_CENTS)).toBeUndefined();
    expect(checkSentAmount('totalAmount', 9_999_999_999_999.97, MAX_AMOUNT_CENTS)?.message).toBe('totalAmount is 9999999999999.97, expected 9999999999999.99');
    // more decimals than cents, compared exactly: 0.015 off is refused, 0.0100 off is not
    expect(withinCents(100.015, 10_000, 1)).toBe(false);
    expect(withinCents(100.01, 10_000, 1)).toBe(true);
    expect(withinCents(99.9901, 10_000, 1)).toBe(true);
    expect(withinCents(1e-7, 0, 1)).toBe(true);
    expect(withinCents(1e21, 0, 1)).toBe(false);
  });

  it('refuses amounts it cannot hold exactly, naming the field', () => {
    expect(() => toCents(10_000_000_000_000)).toThrow(/amount too large: 10000000000000 \(at most 9999999999999.99\)/);
    expect(() => toCents(1e21)).toThrow(/amount too large/);
    expect(() => toCents(1e-7)).toThrow(/more than two decimals/);
    const tooBig = checkSale(sale([line({ buyingPrice: 1e16 })], { subTotal: 1e16, totalTax: 0, totalAmount: 1e16, amountPaid: 0 }));
    expect(tooBig.problems[0]).toMatchObject({ field: 'itemIssuesDto[0].buyingPrice' });
    expect(tooBig.problems[0]!.message).toMatch(/itemIssuesDto\[0\]\.buyingPrice: amount too large/);
  });

  it('sale totals hold up to the largest amount, and a sum beyond it is refused', () => {
    // One line of 9,999,999,999,999.99 tax inclusive at 16%: tax x 16 / 116 = 1,379,310,344,827.5848 -> .58
    const max = 9_999_999_999_999.99;
    const one = checkSale(
      sale([line({ buyingPrice: max, taxAmount: 1_379_310_344_827.58, lineTotal: max })], {
        subTotal: max,
        totalTax: 1_379_310_344_827.58,
        totalAmount: 9_999_999_999_999.98,
        amountPaid: max,
      }),
    );
    expect(one.problems).toEqual([]);
    expect(one.totals).toEqual({
      subTotalCents: MAX_AMOUNT_CENTS,
      totalDiscountCents: 0,
      totalTaxCents: 137_931_034_482_758,
      totalAmountCents: MAX_AMOUNT_CENTS,
    });
    // 2 x 0.5 of the largest price is within; two whole lines add up to more than the largest amount
    const half = checkSale(
      sale([line({ buyingPrice: max, qty: 0.5, taxRate: 0 }), line({ buyingPrice: max, qty: 0.5, taxRate: 0 })], {
        subTotal: 10_000_000_000_000,
        totalTax: 0,
        totalAmount: 10_000_000_000_000,
        amountPaid: 0,
      }),
    );
    // each half is 4,999,999,999,999.995 -> 5,000,000,000,000.00: the two add up to 10,000,000,000,000.00, one cent too many
    expect(half.problems.map((p) => p.field)).toEqual(['itemIssuesDto[0].lineTotal', 'itemIssuesDto[1].lineTotal', 'subTotal', 'totalAmount']);
    expect(half.problems[2]!.message).toBe('subTotal: the lines add up to more than 9999999999999.99, the largest amount a sale may hold');
  });
});
