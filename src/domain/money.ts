/**
 * Money is integer minor units (cents) inside the domain and the store; the wire carries decimal
 * numbers with at most two decimals. Rounding is half away from zero, to the cent.
 * No money value ever goes through float addition or multiplication here.
 */

export type Cents = number;

/** A number that is not an amount (not finite, too many decimals, too large): a RangeError. */
export class MoneyError extends RangeError {
  override readonly name = 'MoneyError';
}

/**
 * The largest amount the interface carries: 9,999,999,999,999.99. Every cent up to it is its
 * own JSON number (doubles are exact to the cent far beyond it), and a sum of a few thousand
 * such amounts is still an exact integer of cents.
 */
export const MAX_AMOUNT_CENTS: Cents = 999_999_999_999_999;

/** A number's value exactly as written on the wire: units x 10^-scale (scale >= 0). */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * The decimal a finite number stands for. String() gives the shortest decimal text that reads
 * back as the same number, which is the amount as it was written on the wire (1086844.31, not
 * 1086844.3100000001); it is read digit by digit, never multiplied in floating point.
 */
export function exactDecimal(value: number): ExactDecimal {
  if (!Number.isFinite(value)) throw new MoneyError(`not an amount: ${value}`);
  const match = DECIMAL_TEXT.exec(String(value));
  if (!match) throw new MoneyError(`not an amount: ${value}`);
  const [, sign = '', whole = '0', fraction = '', exponent = '0'] = match;
  const units = BigInt(`${sign}${whole}${fraction}`);
  const scale = fraction.length - Number(exponent);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * A wire amount (e.g. 1234.5) to cents. Refuses more than two decimals rather than rounding
 * silently (0.005 of a shilling is not an amount anybody paid), and more than MAX_AMOUNT_CENTS.
 */
export function toCents(amount: number): Cents {
  const { units, scale } = exactDecimal(amount);
  const trimmed = trimZeros(units, scale);
  if (trimmed.scale > 2) throw new MoneyError(`more than two decimals: ${amount}`);
  const cents = trimmed.units * 10n ** BigInt(2 - trimmed.scale);
  if (cents > BigInt(MAX_AMOUNT_CENTS) || cents < -BigInt(MAX_AMOUNT_CENTS)) {
    throw new MoneyError(`amount too large: ${amount} (at most ${fromCents(MAX_AMOUNT_CENTS)})`);
  }
  // `+ 0` turns -0 into 0.
  return Number(cents) + 0;
}

/**
 * The cents nearest an amount, half away from zero on its exact decimal (1.005 is 101, as
 * written, though 1.005 x 100 is 100.4999... in floating point). For showing an amount another
 * server sent with more decimals; a sale's own amounts go through toCents, which refuses them.
 */
export function roundToCents(amount: number): Cents {
  // Every amount with at most two decimals: x 100 lands within a rounding of its cents, and
  // dividing back (correctly rounded) gives the same number exactly when it had two decimals.
  const near = Math.round(amount * 100);
  if (near / 100 === amount && Number.isSafeInteger(near)) return near + 0;
  const { units, scale } = exactDecimal(amount);
  if (scale <= 2) return Number(units * 10n ** BigInt(2 - scale)) + 0;
  const divisor = 10n ** BigInt(scale - 2);
  const magnitude = units < 0n ? -units : units;
  const cents = (magnitude % divisor) * 2n >= divisor ? magnitude / divisor + 1n : magnitude / divisor;
  return Number(units < 0n ? -cents : cents) + 0;
}

function trimZeros(units: bigint, scale: number): ExactDecimal {
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/** |sent - cents| <= toleranceCents, compared exactly whatever the sent number's size or decimals. */
export function withinCents(sent: number, cents: Cents, toleranceCents: Cents): boolean {
  const { units, scale } = exactDecimal(sent);
  const unit = 10n ** BigInt(scale);
  // sent x 100 x 10^scale against cents x 10^scale: both integers.
  const difference = units * 100n - BigInt(cents) * unit;
  const magnitude = difference < 0n ? -difference : difference;
  return magnitude <= BigInt(toleranceCents) * unit;
}

/**
 * Cents to a wire amount: 123450 -> 1234.5. An integer divided by 100 is correctly rounded: the
 * double nearest the decimal amount, which prints as exactly two decimals or fewer. Cheap enough
 * for the hot paths (40 amounts x 10k rows of a paid and balance report).
 */
export function fromCents(cents: Cents): number {
  // `+ 0` turns -0 into 0.
  return cents / 100 + 0;
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

/**
 * round(a x b / denominator), half away from zero, exact for any safe integers a and b (the
 * product may pass 2^53: it is then taken in BigInt). Throws when the result is not safe.
 */
export function multiplyDivideRounded(a: number, b: number, denominator: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) return divideRounded(product, denominator);
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) throw new MoneyError('factors must be safe integers');
  if (denominator <= 0 || !Number.isInteger(denominator)) throw new MoneyError('denominator must be a positive integer');
  const exact = BigInt(a) * BigInt(b);
  const magnitude = exact < 0n ? -exact : exact;
  const d = BigInt(denominator);
  // Half away from zero: round up when the remainder is at least half the denominator.
  const quotient = (magnitude % d) * 2n >= d ? magnitude / d + 1n : magnitude / d;
  const result = Number(exact < 0n ? -quotient : quotient);
  if (!Number.isSafeInteger(result)) throw new MoneyError('amount too large');
  return result + 0;
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
  return multiplyDivideRounded(cents, rateBp, 10_000);
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
