/**
 * What a company prints about itself on statements and receipts besides its name: the currency
 * of every amount (an ISO 4217 code) and its tax registration number. Pure checks, each giving
 * the problem in words (or undefined when the value is fine).
 */

/** The currency of a company that never set one: the stores before this setting were all in Kenya shillings. */
export const DEFAULT_CURRENCY = 'KES';

/** How a tax registration number is labelled wherever it is printed (Kenya's KRA PIN). */
export const TAX_NUMBER_LABEL = 'PIN';

export const MAX_TAX_NUMBER_LENGTH = 30;

/** Letters and digits, with spaces, "-", "/" and "." between them: what printed registration numbers use. */
const TAX_NUMBER = /^[\p{L}\p{N}](?:[\p{L}\p{N} ./-]*[\p{L}\p{N}])?$/u;

/** A code must be three upper-case letters and one the runtime knows as a currency (ICU's ISO 4217 list). */
export function currencyProblem(code: string): string | undefined {
  const example = 'an ISO 4217 code such as KES, UGX, TZS or USD';
  if (!/^[A-Z]{3}$/.test(code)) {
    const upper = code.trim().toUpperCase();
    const hint = /^[A-Z]{3}$/.test(upper) && code !== upper ? ` (did you mean ${upper}?)` : '';
    return `currency "${code}" is not three upper-case letters: give ${example}${hint}`;
  }
  if (!Intl.supportedValuesOf('currency').includes(code)) return `currency "${code}" is not a known ISO 4217 code: give ${example}`;
  return undefined;
}

export function taxNumberProblem(text: string): string | undefined {
  if (text.length > MAX_TAX_NUMBER_LENGTH) return `tax number "${text.slice(0, MAX_TAX_NUMBER_LENGTH)}..." is longer than ${MAX_TAX_NUMBER_LENGTH} characters`;
  if (!TAX_NUMBER.test(text)) {
    return `tax number "${[...text].map((c) => (/[\p{Cc}\p{Cf}]/u.test(c) ? '?' : c)).join('')}" may hold only letters, digits, spaces, "-", "/" and "." (e.g. P051234567X)`;
  }
  return undefined;
}
