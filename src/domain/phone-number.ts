/**
 * A customer's phone number as people type it, read as one form (E.164: + and the digits).
 * Spaces, dashes, dots and brackets are how it was typed, not part of it. A number without a
 * country code is a Kenyan one, as the shops that use this write them (0712 345 678, or
 * 712345678); 254712345678 is the same number without its +, and 00 stands for +. Any other
 * country's number is written with its + and code: 8 to 15 digits, as E.164 allows. A Kenyan
 * number has 9 digits after 254. Pure.
 */
export type PhoneReading = { e164: string } | { problem: string };

const KENYA = '254';

export const PHONE_EXAMPLES = "e.g. 0712 345 678, +254 712 345678, or another country's with + and its code";

export function readPhoneNumber(typed: string): PhoneReading {
  const plain = typed.trim().replace(/[\s.\-()/]/g, '');
  if (plain === '') return { problem: 'is blank' };
  const international = /^(\+|00)(\d+)$/.exec(plain)?.[2];
  const digits = international ?? (/^\d+$/.test(plain) ? plain : undefined);
  if (digits === undefined) return { problem: `${JSON.stringify(typed.trim())} is not a phone number (${PHONE_EXAMPLES})` };
  let e164: string;
  if (international !== undefined) e164 = digits;
  else if (digits.startsWith(KENYA) && digits.length === 12) e164 = digits;
  else if (digits.startsWith('0') && digits.length === 10) e164 = KENYA + digits.slice(1);
  else if (/^[17]\d{8}$/.test(digits)) e164 = KENYA + digits;
  else return { problem: `${JSON.stringify(typed.trim())} is not a phone number (${PHONE_EXAMPLES})` };
  if (e164.startsWith(KENYA) ? e164.length !== 12 : e164.length < 8 || e164.length > 15 || e164.startsWith('0')) {
    return { problem: `${JSON.stringify(typed.trim())} is not a phone number (${PHONE_EXAMPLES})` };
  }
  return { e164: `+${e164}` };
}

/** The number to store: E.164 when it reads as one; blank (no phone) stays blank; anything else as sent (refused before it is stored). */
export function storedPhone(typed: string | null | undefined): string | null | undefined {
  if (typed === null || typed === undefined || typed.trim() === '') return typed;
  const reading = readPhoneNumber(typed);
  return 'e164' in reading ? reading.e164 : typed;
}
