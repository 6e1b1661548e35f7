/**
 * A phone number as people type it, read as one form (E.164: + and the digits). Spaces, dashes,
 * dots and brackets are how it was typed, not part of it. A number without a country code is a
 * Kenyan one, as the shops that use this write them (0712 345 678, or 712345678); 254712345678
 * is the same number without its +, and 00 stands for +. Any other country's number is written
 * with its + and code. Whether the digits make a number of that country (its lengths, the
 * ranges it gives out) is libphonenumber-js's judgement, on its smallest metadata: Google's
 * libphonenumber data, kept up to date by its maintainers, where a rule of our own could only
 * count digits. Pure.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export type PhoneReading = { e164: string } | { problem: string };

const KENYA = 'KE';

export const PHONE_EXAMPLES = "e.g. 0712 345 678, +254 712 345678, or another country's with + and its code";

/**
 * Readings of numbers read lately. A save reads its customer's number twice (checked, then
 * stored), and in a busy server one reading by libphonenumber-js costs tens of µs (its patterns
 * become regular expressions on every call): a number read again is answered from here.
 */
const recentReadings = new Map<string, PhoneReading>();
const MAX_RECENT_READINGS = 512;

export function readPhoneNumber(typed: string): PhoneReading {
  const known = recentReadings.get(typed);
  if (known !== undefined) return known;
  const reading = readAnew(typed);
  if (recentReadings.size >= MAX_RECENT_READINGS) recentReadings.clear();
  recentReadings.set(typed, reading);
  return reading;
}

function readAnew(typed: string): PhoneReading {
  const shown = typed.trim();
  const plain = shown.replace(/[\s.\-()/]/g, '');
  if (plain === '') return { problem: 'is blank' };
  const notAPhone = { problem: `${JSON.stringify(shown)} is not a phone number (${PHONE_EXAMPLES})` };
  if (!/^\+?\d+$/.test(plain)) return notAPhone;
  // 00 dials out of most countries (Kenya's own 000 the library knows); 254... is a Kenyan number without its +.
  const international = plain.startsWith('+') ? plain : /^00[1-9]/.test(plain) ? `+${plain.slice(2)}` : /^254\d{9}$/.test(plain) ? `+${plain}` : undefined;
  const number = parsePhoneNumberFromString(international ?? plain, KENYA);
  if (number === undefined || !number.isValid()) return notAPhone;
  return { e164: number.number };
}

/** The number to store: E.164 when it reads as one; blank (no phone) stays blank; anything else as sent (refused before it is stored). */
export function storedPhone(typed: string | null | undefined): string | null | undefined {
  if (typed === null || typed === undefined || typed.trim() === '') return typed;
  const reading = readPhoneNumber(typed);
  return 'e164' in reading ? reading.e164 : typed;
}
