/** The tests' own sale arithmetic, pinned to hand-worked lines (DOMAIN.md "Cash sales"). */
import { describe, expect, it } from 'vitest';
import { amountOf, divideHalfAway, lineFigures, scaled } from './exact-money.js';

describe('exact test arithmetic', () => {
  it('reads decimals exactly and refuses more places than asked', () => {
    expect(scaled(1234.5, 2)).toBe(123450n);
    expect(scaled('-0.07', 2)).toBe(-7n);
    expect(scaled(2.125, 3)).toBe(2125n);
    expect(scaled(9_999_999_999_999.99, 2)).toBe(999_999_999_999_999n);
    expect(() => scaled(0.125, 2)).toThrow(/more than 2 decimals/);
  });

  it('rounds half away from zero', () => {
    expect(divideHalfAway(5n, 10n)).toBe(1n);
    expect(divideHalfAway(-5n, 10n)).toBe(-1n);
    expect(divideHalfAway(14n, 10n)).toBe(1n);
    expect(divideHalfAway(-15n, 10n)).toBe(-2n);
    expect(amountOf(-1205n)).toBe(-12.05);
    expect(amountOf(7n)).toBe(0.07);
  });

  it('works out a tax-inclusive line: 2 chargers at 1,200 less 10 at 16%', () => {
    // 2,390.00 including tax; tax = 2,390 x 16 / 116 = 329.655... -> 329.66.
    expect(lineFigures({ buyingPrice: 1200, qty: 2, discount: 10, taxRate: 16, taxIncExc: 1 })).toEqual({
      grossCents: 240_000n,
      taxCents: 32_966n,
      lineTotalCents: 239_000n,
    });
  });

  it('works out a tax-exclusive line with a decimal quantity: 1.5 kg at 333.33 less 0.50 at 8%', () => {
    // gross 499.995 -> 500.00; net 499.50; tax 39.96; total 539.46.
    expect(lineFigures({ buyingPrice: 333.33, qty: 1.5, discount: 0.5, taxRate: 8, taxIncExc: 0 })).toEqual({
      grossCents: 50_000n,
      taxCents: 3_996n,
      lineTotalCents: 53_946n,
    });
  });
});
