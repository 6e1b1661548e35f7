/**
 * The sale rules of DOMAIN.md ("Cash sales") worked out again for tests, in exact decimal
 * arithmetic (BigInt over the digits of each amount), sharing no code with src/domain: a test
 * that compares the service's totals with these is not comparing the code with itself.
 */

/** A decimal amount with at most `places` decimals, scaled to an integer (1234.5, 2 -> 123450n). */
export function scaled(amount: number | string, places: number): bigint {
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > places) throw new Error(`${text} has more than ${places} decimals`);
  const digits = BigInt(whole! + fraction.padEnd(places, '0').slice(0, places));
  return sign === '-' ? -digits : digits;
}

/** A number's shortest decimal text, without exponent (1e21 and beyond are not amounts). */
function numberText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** n / d rounded half away from zero (d > 0). */
export function divideHalfAway(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const quotient = (abs * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Cents as the decimal number the wire carries ("-12.05" -> -12.05). */
export function amountOf(cents: bigint): number {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return Number(`${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`);
}

export interface LineTerms {
  buyingPrice: number;
  qty: number;
  discount: number;
  /** Percent, e.g. 16. */
  taxRate: number;
  taxIncExc: 0 | 1;
}

export interface LineFigures {
  grossCents: bigint;
  taxCents: bigint;
  lineTotalCents: bigint;
}

/**
 * One line: gross = price x qty rounded to the cent; with a tax-inclusive price the total is
 * gross - discount and its tax is total x r / (100 + r); otherwise the net is gross - discount
 * and the tax net x r / 100 is added. Each rounding half away from zero, to the cent.
 */
export function lineFigures(terms: LineTerms): LineFigures {
  const grossCents = divideHalfAway(scaled(terms.buyingPrice, 2) * scaled(terms.qty, 3), 1000n);
  const base = grossCents - scaled(terms.discount, 2);
  const rateBp = scaled(terms.taxRate, 2);
  if (terms.taxIncExc === 1) return { grossCents, taxCents: divideHalfAway(base * rateBp, 10_000n + rateBp), lineTotalCents: base };
  const taxCents = divideHalfAway(base * rateBp, 10_000n);
  return { grossCents, taxCents, lineTotalCents: base + taxCents };
}
