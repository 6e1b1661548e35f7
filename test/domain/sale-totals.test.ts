import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSaleLine } from '../../src/domain/sale-line.js';
import { computeSaleTotals } from '../../src/domain/sale-totals.js';
import { checkSentAmount } from '../../src/domain/sent-amount.js';

describe('sale totals', () => {
  it('are sums of the rounded lines', () => {
    // Two inclusive 16% lines of 0.10: each tax 0.0138 -> 0.01, so the sale's tax is 0.02,
    // not round(0.20 * 16 / 116) = 0.03.
    const lines = [1, 2].map(() => computeSaleLine({ priceCents: 10, qtyMilli: 1000, discountCents: 0, taxRateBp: 1600, taxIncExc: 1, unitCostCents: 0 }));
    expect(computeSaleTotals(lines)).toEqual({ subTotalCents: 20, totalDiscountCents: 0, totalTaxCents: 2, totalAmountCents: 20 });
  });

  it('mixes inclusive 16%, exclusive 8% and a discount', () => {
    const a = computeSaleLine({ priceCents: 2_500_000, qtyMilli: 1000, discountCents: 50_000, taxRateBp: 1600, taxIncExc: 1, unitCostCents: 1_900_000 });
    const b = computeSaleLine({ priceCents: 150_000, qtyMilli: 2000, discountCents: 0, taxRateBp: 800, taxIncExc: 0, unitCostCents: 60_000 });
    // a: 24,500 incl. -> tax 3,379.31; b: 3,000 + 240 = 3,240
    expect(a.taxCents).toBe(337_931);
    expect(b.lineTotalCents).toBe(324_000);
    expect(computeSaleTotals([a, b])).toEqual({
      subTotalCents: 2_800_000,
      totalDiscountCents: 50_000,
      totalTaxCents: 337_931 + 24_000,
      totalAmountCents: 2_450_000 + 324_000,
    });
  });

  it('property: totalAmount = sum of lineTotals and totalTax = sum of taxes', () => {
    const lineArb = fc
      .record({
        priceCents: fc.integer({ min: 0, max: 1_000_000 }),
        qtyMilli: fc.integer({ min: 1, max: 10_000 }),
        taxRateBp: fc.constantFrom(0, 800, 1600),
        taxIncExc: fc.constantFrom(0 as const, 1 as const),
        unitCostCents: fc.integer({ min: 0, max: 1_000_000 }),
      })
      // Any discount up to the line's price x qty (worked out here with integers: at most 10^10).
      .chain((terms) =>
        fc.integer({ min: 0, max: Math.floor((terms.priceCents * terms.qtyMilli) / 1000) }).map((discountCents) => ({ ...terms, discountCents })),
      );
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), (terms) => {
        const lines = terms.map(computeSaleLine);
        const totals = computeSaleTotals(lines);
        expect(totals.totalAmountCents).toBe(lines.reduce((s, l) => s + l.lineTotalCents, 0));
        expect(totals.totalTaxCents).toBe(lines.reduce((s, l) => s + l.taxCents, 0));
        expect(totals.subTotalCents - totals.totalDiscountCents).toBe(lines.reduce((s, l) => s + l.grossCents - l.discountCents, 0));
        expect(totals.totalDiscountCents).toBe(terms.reduce((s, t) => s + t.discountCents, 0));
      }),
      { seed: 31 },
    );
  });
});

describe('sent amounts', () => {
  it('are accepted within 0.01 of the computed amount', () => {
    expect(checkSentAmount('totalTax', 16, 1600)).toBeUndefined();
    expect(checkSentAmount('totalTax', 16.01, 1600)).toBeUndefined();
    expect(checkSentAmount('totalTax', 15.99, 1600)).toBeUndefined();
    expect(checkSentAmount('totalTax', 16.0049, 1600)).toBeUndefined();
  });

  it('are refused beyond 0.01, naming the field, the sent and the expected value', () => {
    expect(checkSentAmount('totalAmount', 116.02, 11600)).toEqual({
      field: 'totalAmount',
      sent: 116.02,
      expected: 116,
      message: 'totalAmount is 116.02, expected 116',
    });
    expect(checkSentAmount('itemIssuesDto[0].taxAmount', 0, 1600)?.message).toBe('itemIssuesDto[0].taxAmount is 0, expected 16');
  });

  it('an amount not sent is not checked', () => {
    expect(checkSentAmount('totalDiscount', undefined, 500)).toBeUndefined();
  });
});
