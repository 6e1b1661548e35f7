/** The account number a payer types, compared as a bank clerk would read it; a masked phone only fits or not. */
import { describe, expect, it } from 'vitest';
import { accountFormatProblem, accountKey, phoneFitsMask, unitReferenceKey } from '../../src/domain/mpesa-account.js';

describe('accountKey', () => {
  it('ignores case, spaces and dashes', () => {
    expect(accountKey('t1-000001')).toBe('T1000001');
    expect(accountKey(' T1 000001 ')).toBe('T1000001');
    expect(accountKey('p0001 a9')).toBe(accountKey('P0001-A9'));
    expect(accountKey('')).toBe('');
  });
});

describe('unitReferenceKey', () => {
  it('builds the reference by the company format', () => {
    expect(unitReferenceKey('{property}{unit}', 'P0001', 'A9')).toBe('P0001A9');
    expect(unitReferenceKey('{property}/{unit}', 'P01', 'U7')).toBe('P01/U7');
  });
  it('refuses a format without the unit, or with an unknown placeholder', () => {
    expect(accountFormatProblem('{property}')).toMatch(/must contain \{unit\}/);
    expect(accountFormatProblem('{estate}{unit}')).toMatch(/\{estate\} is not known/);
    expect(accountFormatProblem('{property}-{unit}')).toBeUndefined();
  });
});

describe('phoneFitsMask', () => {
  it('fits when the visible digits agree, in the 254 form', () => {
    expect(phoneFitsMask('2547****126', '0722000126')).toBe(true);
    expect(phoneFitsMask('2547 ***** 126', '+254 722 000126')).toBe(true);
    expect(phoneFitsMask('2547****126', '0722000127')).toBe(false);
  });
  it('never fits on too few visible digits or no mask', () => {
    expect(phoneFitsMask('****126', '0722000126')).toBe(false);
    expect(phoneFitsMask('254722000126', '0722000126')).toBe(false);
  });
});
