/**
 * Quantities are decimal on the wire (0.5 of a metre of film) and held exactly as integer
 * thousandths inside, so price x quantity is an integer product rounded once, to the cent.
 */

export type Milli = number;

export class QuantityError extends Error {
  override readonly name = 'QuantityError';
}

/** 0.5 -> 500. Refuses more than three decimals rather than rounding a quantity silently. */
export function toMilli(quantity: number): Milli {
  if (!Number.isFinite(quantity)) throw new QuantityError(`not a quantity: ${quantity}`);
  const text = String(Math.abs(quantity));
  if (text.includes('e')) throw new QuantityError(Math.abs(quantity) < 1 ? `more than three decimals: ${quantity}` : `quantity too large: ${quantity}`);
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > 3) throw new QuantityError(`more than three decimals: ${quantity}`);
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(milli)) throw new QuantityError(`quantity too large: ${quantity}`);
  return quantity < 0 ? -milli + 0 : milli;
}

/** 500 -> 0.5 (integer / 1000 prints back as the decimal it was). */
export function fromMilli(milli: Milli): number {
  return milli / 1000;
}
