import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSaleLine, type SaleLineTerms } from '../../src/domain/sale-line.js';
import { toMilli, fromMilli } from '../../src/domain/quantity.js';

const line = (over: Partial<SaleLineTerms>): SaleLineTerms => ({
  priceCents: 0,
  qtyMilli: 1000,
  discountCents: 0,
  taxRateBp: 1600,
  taxIncExc: 1,
  unitCostCents: 0,
  ...over,
});

describe('a sale line', () => {
  it('price includes 16% tax: the tax is taken out of the price', () => {
    // 11,600.00 incl. 16%: tax = 11600 * 16 / 116 = 1600.00, net 10,000.00
    const a = computeSaleLine(line({ priceCents: 1_160_000, taxIncExc: 1, taxRateBp: 1600 }));
    expect(a).toMatchObject({ grossCents: 1_160_000, taxCents: 160_000, netCents: 1_000_000, lineTotalCents: 1_160_000 });
  });

  it('price excludes 16% tax: the tax is added on top', () => {
    const a = computeSaleLine(line({ priceCents: 1_000_000, taxIncExc: 0, taxRateBp: 1600 }));
    expect(a).toMatchObject({ netCents: 1_000_000, taxCents: 160_000, lineTotalCents: 1_160_000 });
  });

  it('8% on odd cents rounds half away from zero, per line', () => {
    // exclusive: 0.63 * 8% = 0.0504 -> 0.05; 0.07 * 8% = 0.0056 -> 0.01
    expect(computeSaleLine(line({ priceCents: 63, taxIncExc: 0, taxRateBp: 800 })).taxCents).toBe(5);
    expect(computeSaleLine(line({ priceCents: 7, taxIncExc: 0, taxRateBp: 800 })).lineTotalCents).toBe(8);
    // inclusive: 0.27 * 8/108 = 0.02 exactly; 10.01 * 8 / 108 = 0.7414... -> 0.74
    expect(computeSaleLine(line({ priceCents: 27, taxIncExc: 1, taxRateBp: 800 })).taxCents).toBe(2);
    expect(computeSaleLine(line({ priceCents: 1001, taxIncExc: 1, taxRateBp: 800 })).taxCents).toBe(74);
    // exclusive 16% of 0.25 = 0.04 exactly; of 0.0313 -> half: 16% of 3.13 = 0.5008 -> 0.50
    expect(computeSaleLine(line({ priceCents: 313, taxIncExc: 0 })).taxCents).toBe(50);
  });

  it('a half cent rounds away from zero', () => {
    // 0.5 x 0.01 = 0.005 -> 0.01 ; exclusive 10% of 0.05 = 0.005 -> 0.01
    expect(computeSaleLine(line({ priceCents: 1, qtyMilli: 500, taxRateBp: 0 })).grossCents).toBe(1);
    expect(computeSaleLine(line({ priceCents: 5, taxIncExc: 0, taxRateBp: 1000 })).taxCents).toBe(1);
  });

  it('quantity 0.5 halves the price, rounded to the cent', () => {
    // 0.5 x 99.99 = 49.995 -> 50.00
    const a = computeSaleLine(line({ priceCents: 9999, qtyMilli: toMilli(0.5), taxIncExc: 1, taxRateBp: 1600 }));
    expect(a.grossCents).toBe(5000);
    expect(a.taxCents).toBe(690); // 50 * 16 / 116 = 6.896... -> 6.90
    expect(a.netCents).toBe(4310);
  });

  it('the discount is an amount off the whole line, before tax', () => {
    // 2 x 1,000 - 160 = 1,840 incl. 16%: tax 1840 * 16 / 116 = 253.793 -> 253.79
    const inc = computeSaleLine(line({ priceCents: 100_000, qtyMilli: 2000, discountCents: 16_000, taxIncExc: 1 }));
    expect(inc).toMatchObject({ grossCents: 200_000, discountCents: 16_000, lineTotalCents: 184_000, taxCents: 25_379, netCents: 158_621 });
    const exc = computeSaleLine(line({ priceCents: 100_000, qtyMilli: 2000, discountCents: 16_000, taxIncExc: 0 }));
    expect(exc).toMatchObject({ netCents: 184_000, taxCents: 29_440, lineTotalCents: 213_440 });
  });

  it('profit is the line without tax less the cost of the quantity', () => {
    // incl.: 2 x 5,800 = 11,600 holding 1,600 tax; 2 units costing 3,000 each: 10,000 - 6,000
    const a = computeSaleLine(line({ priceCents: 580_000, qtyMilli: 2000, unitCostCents: 300_000, taxIncExc: 1 }));
    expect(a.profitCents).toBe(1_000_000 - 600_000);
    // excl.: net 1,000.00, cost 0.5 x 1,200.01 = 600.005: 399.995 rounded once is 400.00
    // (rounding the cost first, 1,000.00 - 600.01, would give 399.99)
    const b = computeSaleLine(line({ priceCents: 200_000, qtyMilli: 500, unitCostCents: 120_001, taxIncExc: 0 }));
    expect(b.profitCents).toBe(40_000);
    // a loss rounds away from zero too: net 600.00 less 600.005 is -0.005 -> -0.01
    const c = computeSaleLine(line({ priceCents: 120_000, qtyMilli: 500, unitCostCents: 120_001, taxRateBp: 0, taxIncExc: 0 }));
    expect(c.profitCents).toBe(-1);
    // a loss is a negative profit
    expect(computeSaleLine(line({ priceCents: 100, unitCostCents: 500, taxRateBp: 0 })).profitCents).toBe(-400);
  });

  it('a 0% rate has no tax either way', () => {
    expect(computeSaleLine(line({ priceCents: 12_345, taxRateBp: 0, taxIncExc: 1 })).taxCents).toBe(0);
    expect(computeSaleLine(line({ priceCents: 12_345, taxRateBp: 0, taxIncExc: 0 })).lineTotalCents).toBe(12_345);
  });

  it('a rate with two decimals (7.25%) is exact in basis points', () => {
    // 100.00 excl. 7.25% = 7.25
    expect(computeSaleLine(line({ priceCents: 10_000, taxRateBp: 725, taxIncExc: 0 })).taxCents).toBe(725);
  });

  const terms = fc.record({
    priceCents: fc.integer({ min: 0, max: 10_000_000 }),
    qtyMilli: fc.integer({ min: 1, max: 100_000 }),
    taxRateBp: fc.integer({ min: 0, max: 10_000 }),
    taxIncExc: fc.constantFrom(0 as const, 1 as const),
    unitCostCents: fc.integer({ min: 0, max: 10_000_000 }),
    discountFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  });

  it('property: net + tax = lineTotal, and lineTotal = p*q - d for an inclusive line', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const gross = computeSaleLine({ ...t, discountCents: 0 }).grossCents;
        const discountCents = Math.floor(gross * t.discountFraction);
        const a = computeSaleLine({ ...t, discountCents });
        expect(a.netCents + a.taxCents).toBe(a.lineTotalCents);
        if (t.taxIncExc === 1) expect(a.lineTotalCents).toBe(gross - discountCents);
        else expect(a.netCents).toBe(gross - discountCents);
        expect(Number.isInteger(a.taxCents) && a.taxCents >= 0).toBe(true);
        // Profit is rounded once from the exact cost (cents x thousandths), half away from zero;
        // the cost shown is rounded on its own, so the two may part by a cent.
        const exactThousandths = a.netCents * 1000 - t.unitCostCents * t.qtyMilli;
        expect(a.profitCents).toBe(Math.sign(exactThousandths) * Math.round(Math.abs(exactThousandths) / 1000) + 0);
        expect(Math.abs(a.profitCents - (a.netCents - a.costCents))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('quantities in thousandths', () => {
  it('reads decimal quantities exactly', () => {
    expect(toMilli(0.5)).toBe(500);
    expect(toMilli(1)).toBe(1000);
    expect(toMilli(2.125)).toBe(2125);
    expect(fromMilli(500)).toBe(0.5);
  });

  it('refuses more than three decimals', () => {
    expect(() => toMilli(0.0005)).toThrow(/three decimals/);
    expect(() => toMilli(1.2345)).toThrow(/three decimals/);
    // float noise is not a quantity anybody sold
    expect(() => toMilli(0.1 + 0.2)).toThrow(/three decimals/);
    expect(() => toMilli(Number.NaN)).toThrow(/not a quantity/);
  });
});
