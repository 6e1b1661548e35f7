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
    ['020 234 5678', '+254202345678'],
    ['+256 772 123456', '+256772123456'],
    ['+255 754 123 456', '+255754123456'],
    ['+250 788 123 456', '+250788123456'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+44 7911 123456', '+447911123456'],
    ['+1 (415) 555-0132', '+14155550132'],
    ['+49 30 901820', '+4930901820'],
    ['+33 1 45 45 32 45', '+33145453245'],
    ['+91 98765 43210', '+919876543210'],
    ['+971 50 123 4567', '+971501234567'],
    ['+86 138 0013 8000', '+8613800138000'],
    ['0044 20 7946 0958', '+442079460958'],
  ])('%s is %s', (typed, e164) => {
    expect(readPhoneNumber(typed)).toEqual({ e164 });
  });

  // Each country's own lengths and ranges: a digit too few or too many, a code no country has,
  // a number no operator gives out.
  it.each([
    'abc',
    '0712',
    '071234567890',
    '+254 712 34',
    '+254 000 000 000',
    '+12345',
    '+1234567890123456',
    '12345678',
    '+0712345678',
    '07a2345678',
    '+44 7911 12345',
    '+1 555 0100',
    '+1 011 555 0143',
    '+256 772 12345',
    '+255 754 123 45',
    '+999 1234 5678',
  ])('%s is refused, with examples', (typed) => {
    const reading = readPhoneNumber(typed);
    expect(reading).toEqual({ problem: expect.stringContaining('is not a phone number (e.g. 0712 345 678') });
  });

  it('is stored as E.164; no phone stays none', () => {
    expect(storedPhone('0712 345 678')).toBe('+254712345678');
    expect(storedPhone('')).toBe('');
    expect(storedPhone(null)).toBe(null);
  });
});
