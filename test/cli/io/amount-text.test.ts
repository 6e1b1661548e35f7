import { describe, expect, it } from 'vitest';
import { readAmount, readDiscount } from '../../../src/cli/io/amount-text.js';

describe('amounts as a cashier types them', () => {
  it.each([
    ['1500', 150_000],
    ['1500.5', 150_050],
    ['10,000', 1_000_000],
    ['10 000', 1_000_000],
    ['1,234,567.89', 123_456_789],
    ['1 234 567.89', 123_456_789],
    ['10\u202f000', 1_000_000],
    ['  0.99 ', 99],
  ])('reads %j as %i cents', (text, cents) => {
    expect(readAmount(text)).toEqual({ cents });
  });

  it.each(['', '-5', '1.234', '10,00', '1,0000', '10,000 000', '1e3', 'abc', '12.'])('refuses %j with what an amount looks like', (text) => {
    expect(readAmount(text)).toEqual({ problem: 'an amount like 1500, 1500.50 or 10,000, please' });
  });
});

describe('a discount as an amount or a percentage of the line', () => {
  it('takes a percentage of the line, rounded half away from zero to the cent', () => {
    // 10% of 2,499.00 = 249.90; 15% of 0.99 = 0.1485 -> 0.15; 12.5% of 1,000.00 = 125.00; 0.5% of 1.00 = 0.005 -> 0.01.
    expect(readDiscount('10%', 249_900)).toEqual({ cents: 24_990 });
    expect(readDiscount('15 %', 99)).toEqual({ cents: 15 });
    expect(readDiscount('12.5%', 100_000)).toEqual({ cents: 12_500 });
    expect(readDiscount('0.5%', 100)).toEqual({ cents: 1 });
    expect(readDiscount('100%', 4_500)).toEqual({ cents: 4_500 });
  });

  it('takes an amount with separators, and refuses more than the line or more than 100%', () => {
    expect(readDiscount('1,000', 249_900)).toEqual({ cents: 100_000 });
    expect(readDiscount('2,500', 249_900)).toEqual({ problem: "at most the line's 2499.00" });
    expect(readDiscount('101%', 249_900)).toEqual({ problem: 'a percentage from 0% to 100%' });
    expect(readDiscount('ten', 249_900)).toEqual({ problem: 'an amount like 250 or 1,000, or a percentage like 10%' });
  });
});
