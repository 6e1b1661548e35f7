/**
 * Money is integer minor units (cents) inside the domain and the store; the wire carries decimal
 * numbers with at most two decimals. Rounding is half away from zero, to the cent.
 * No money value ever goes through float addition or multiplication here.
 */

export type Cents = number;

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

/**
 * A wire amount (e.g. 1234.5) to cents. Refuses more than two decimals rather than rounding
 * silently: 0.005 of a shilling is not an amount anybody paid.
 */
export function toCents(amount: number): Cents {
  if (!Number.isFinite(amount)) throw new MoneyError(`not an amount: ${amount}`);
  // String() gives the shortest decimal text that reads back as the same number, which is the
  // amount as it was written on the wire (1086844.31, not 1086844.3100000001).
  const text = String(Math.abs(amount));
  if (text.includes('e')) throw new MoneyError(Math.abs(amount) < 1 ? `more than two decimals: ${amount}` : `amount too large: ${amount}`);
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > 2) throw new MoneyError(`more than two decimals: ${amount}`);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`amount too large: ${amount}`);
  return amount < 0 ? -cents + 0 : cents;
}

/** Cents to a wire amount: 123450 -> 1234.5. Division by 100 of an integer is exact to print. */
export function fromCents(cents: Cents): number {
  return Number((cents / 100).toFixed(2));
}

/** numerator / denominator rounded half away from zero, in integers (denominator > 0). */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator <= 0 || !Number.isInteger(denominator)) throw new MoneyError('denominator must be a positive integer');
  if (!Number.isSafeInteger(numerator)) throw new MoneyError('numerator must be a safe integer');
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  // `+ 0` turns -0 into 0, so a rounded-away amount is plain zero.
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient) + 0;
}

/** A percentage rate as integer basis points: 16 -> 1600, 7.5 -> 750. */
export function toBasisPoints(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) throw new MoneyError(`not a rate: ${percent}`);
  const bp = Math.round(percent * 100);
  if (Math.abs(bp - percent * 100) > 1e-6) throw new MoneyError(`a rate has at most two decimals: ${percent}`);
  return bp;
}

export function fromBasisPoints(bp: number): number {
  return bp / 100;
}

/** round(amount * rate / 100), rate in basis points: the tax or fee on an amount. */
export function percentOf(cents: Cents, rateBp: number): Cents {
  return divideRounded(cents * rateBp, 10_000);
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
