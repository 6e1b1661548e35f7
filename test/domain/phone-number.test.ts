import { describe, expect, it } from 'vitest';
import { readPhoneNumber, storedPhone } from '../../src/domain/phone-number.js';

describe('a phone number as typed', () => {
  it.each([
    ['0712 345 678', '+254712345678'],
    ['0712-345-678', '+254712345678'],
    ['+254 712 345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['712345678', '+254712345678'],
    ['0110 123 456', '+254110123456'],
    ['00254 712 345 678', '+254712345678'],
    ['+256 772 123456', '+256772123456'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 (415) 555-0132', '+14155550132'],
  ])('%s is %s', (typed, e164) => {
    expect(readPhoneNumber(typed)).toEqual({ e164 });
  });

  it.each(['abc', '0712', '071234567890', '+254 712 34', '+12345', '+1234567890123456', '12345678', '+0712345678', '07a2345678'])(
    '%s is refused, with examples',
    (typed) => {
      const reading = readPhoneNumber(typed);
      expect(reading).toEqual({ problem: expect.stringContaining('is not a phone number (e.g. 0712 345 678') });
    },
  );

  it('is stored as E.164; no phone stays none', () => {
    expect(storedPhone('0712 345 678')).toBe('+254712345678');
    expect(storedPhone('')).toBe('');
    expect(storedPhone(null)).toBe(null);
  });
});
