import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatMoney, parseMoneyText, plainMoney } from '../../../src/cli/output/money-text.js';
import { roundToCents } from '../../../src/domain/money.js';

const MAX_CENTS = 10 ** 15; // 10 trillion shillings: far beyond any real amount, well inside exact integers

describe('money text', () => {
  it.each([
    [0, '0.00'],
    [0.07, '0.07'],
    [0.5, '0.50'],
    [1234.5, '1,234.50'],
    [-1234.5, '-1,234.50'],
    [-0.05, '-0.05'],
    [999, '999.00'],
    [1000, '1,000.00'],
    [1086844.31, '1,086,844.31'],
    [1234567890.99, '1,234,567,890.99'],
    [0.1 + 0.2, '0.30'],
    [-0, '0.00'],
  ])('formats %s as %s for tables', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('writes plain fixed-decimal numbers for CSV', () => {
    expect(plainMoney(1234.5)).toBe('1234.50');
    expect(plainMoney(-1234567.8)).toBe('-1234567.80');
    expect(plainMoney(3)).toBe('3.00');
  });

  it('rounds amounts with more than two decimals half away from zero on their decimal text', () => {
    expect(roundToCents(1.005)).toBe(101); // 1.005 * 100 is 100.49999999999999 in floating point
    expect(roundToCents(-1.005)).toBe(-101);
    expect(roundToCents(2.004)).toBe(200);
    expect(roundToCents(0.125)).toBe(13);
    expect(roundToCents(1e-7)).toBe(0);
    expect(formatMoney(999999.995)).toBe('1,000,000.00');
  });

  it('never produces negative zero', () => {
    expect(Object.is(roundToCents(-0), 0)).toBe(true);
    expect(Object.is(roundToCents(-0.001), 0)).toBe(true);
    expect(formatCents(-0)).toBe('0.00');
  });

  it('refuses what is not an amount', () => {
    expect(() => roundToCents(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it('groups counts', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('reads money text back, and rejects what is not money', () => {
    expect(parseMoneyText('-1,234.50')).toBe(-123450);
    expect(parseMoneyText('1234.5')).toBe(123450);
    expect(parseMoneyText('12')).toBe(1200);
    expect(parseMoneyText('1,23.00')).toBeUndefined();
    expect(parseMoneyText('1.234')).toBeUndefined();
    expect(parseMoneyText('abc')).toBeUndefined();
  });

  it('round-trips any whole number of cents through its text, grouped or plain', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        expect(parseMoneyText(formatCents(cents))).toBe(cents);
        expect(parseMoneyText(formatCents(cents, { grouping: false }))).toBe(cents);
      }),
    );
  });

  it('formats the wire number of any whole number of cents exactly as the cents themselves', () => {
    // The wire carries cents / 100 as a float; formatting must recover the cents exactly.
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        expect(roundToCents(cents / 100)).toBe(cents);
        expect(formatMoney(cents / 100)).toBe(formatCents(cents));
      }),
    );
  });

  it('rounds any three-decimal amount half away from zero, as its decimal text says', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (milli) => {
        const expected = Math.floor((Math.abs(milli) + 5) / 10);
        expect(roundToCents(milli / 1000)).toBe(milli < 0 && expected !== 0 ? -expected : expected);
      }),
    );
  });

  it('puts a separator every three digits and exactly two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        expect(formatCents(cents)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});
