/**
 * Money as text. Amounts arrive from JSON as numbers with at most two decimals; they are
 * turned into integer cents first and every digit is produced from the integer, so 0.1 + 0.2
 * style float errors can never show up in a table or an export.
 */
import { roundToCents } from '../../domain/money.js';

export interface CentsTextOptions {
  /** Thousands separators (tables); off for CSV and JSON, which carry plain numbers. */
  grouping?: boolean;
}

/** `-123450` -> `-1,234.50` (grouped) or `-1234.50`. */
export function formatCents(cents: number, { grouping = true }: CentsTextOptions = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const negative = cents < 0;
  const magnitude = Math.abs(cents);
  const whole = String(Math.floor(magnitude / 100));
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${grouping ? groupThousands(whole) : whole}.${fraction}`;
}

/** A wire amount for a table: `1234.5` -> `1,234.50`. */
export function formatMoney(amount: number): string {
  return formatCents(roundToCents(amount));
}

/** A wire amount for CSV: fixed two decimals, no separators, `1234.5` -> `1234.50`. */
export function plainMoney(amount: number): string {
  return formatCents(roundToCents(amount), { grouping: false });
}

/** `1234567` -> `1,234,567` for counts and whole numbers people read. */
export function formatCount(count: number): string {
  const text = String(Math.trunc(Math.abs(count)));
  return `${count < 0 ? '-' : ''}${groupThousands(text)}`;
}

const MONEY_TEXT = /^(-)?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/;

/** Reads money text such as `-1,234.50` or `1234.5` back into integer cents; undefined if it is not money. */
export function parseMoneyText(text: string): number | undefined {
  const match = MONEY_TEXT.exec(text.trim());
  if (match === null) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
