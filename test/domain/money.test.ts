import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded, fromCents, percentOf, toBasisPoints, toCents } from '../../src/domain/money.js';

describe('money in cents', () => {
  it('reads wire amounts exactly, without float error', () => {
    expect(toCents(0.1)).toBe(10);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(-19.99)).toBe(-1999);
    expect(toCents(1.005 * 0 + 1.15)).toBe(115);
  });

  it('refuses amounts with more than two decimals', () => {
    expect(() => toCents(1.005)).toThrow(/two decimals/);
    expect(() => toCents(Number.NaN)).toThrow(/not an amount/);
  });

  it('writes cents back as wire amounts', () => {
    expect(fromCents(123450)).toBe(1234.5);
    expect(fromCents(-5)).toBe(-0.05);
    expect(fromCents(29)).toBe(0.29);
  });

  it('rounds half away from zero', () => {
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(4, 10)).toBe(0);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(divideRounded(-4, 10)).toBe(0);
    expect(divideRounded(15, 10)).toBe(2);
  });

  it('takes a percentage of an amount to the cent', () => {
    expect(percentOf(10000, 1600)).toBe(1600); // 16% of 100.00
    expect(percentOf(333, 1600)).toBe(53); // 53.28 -> 53
    expect(percentOf(3125, 1600)).toBe(500); // 500.00 exactly
    expect(percentOf(1, 5000)).toBe(1); // half a cent rounds up
    expect(toBasisPoints(7.5)).toBe(750);
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });
});
