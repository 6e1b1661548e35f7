/**
 * Amounts as a cashier types them: `1500`, `1500.50`, `10,000`, `10 000` (a space, or the
 * narrow no-break space some keyboards and phones insert, as thousands separator), and for a
 * discount a percentage of the line, `10%`. Read into integer cents: money never goes through
 * floating arithmetic here.
 */
import { percentOf } from '../../domain/money.js';

/** Cents, or a sentence saying what an amount looks like. */
export type AmountReading = { cents: number } | { problem: string };

const GROUPED = /^(\d{1,3}(?:([, \u00a0\u202f])\d{3})?(?:\2\d{3})*|\d+)(?:\.(\d{1,2}))?$/;
const AMOUNT_HELP = 'an amount like 1500, 1500.50 or 10,000, please';

export function readAmount(text: string): AmountReading {
  const match = GROUPED.exec(text.trim());
  if (!match) return { problem: AMOUNT_HELP };
  const [, whole = '', , fraction = ''] = match;
  const cents = Number(whole.replace(/[, \u00a0\u202f]/g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { problem: AMOUNT_HELP };
  return { cents };
}

/**
 * A discount on a line whose gross (price x quantity) is `grossCents`: an amount, or a
 * percentage of the gross rounded half away from zero to the cent (10% of 2,499.00 is 249.90;
 * 15% of 0.99 is 0.15). Never more than the gross.
 */
export function readDiscount(text: string, grossCents: number): AmountReading {
  const trimmed = text.trim();
  const percent = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(trimmed);
  let cents: number;
  if (percent) {
    // Basis points, so the rate is an integer too: 12.5% is 1250.
    const [units = '0', hundredths = ''] = percent[1]!.split('.');
    const rateBp = Number(units) * 100 + Number(hundredths.padEnd(2, '0'));
    if (rateBp > 10_000) return { problem: 'a percentage from 0% to 100%' };
    cents = percentOf(grossCents, rateBp);
  } else {
    const reading = readAmount(trimmed);
    if ('problem' in reading) return { problem: 'an amount like 250 or 1,000, or a percentage like 10%' };
    cents = reading.cents;
  }
  if (cents > grossCents) return { problem: `at most the line's ${(grossCents / 100).toFixed(2)}` };
  return { cents };
}
