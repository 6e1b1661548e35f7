/**
 * Amounts a client computed and sent (line tax, line total, sale totals) are accepted when they
 * are within 0.01 of what the server computes; otherwise the problem names the field, the sent
 * and the expected value.
 */
import { fromCents, withinCents, type Cents } from './money.js';

export interface SaleProblem {
  /** The request field, e.g. `totalAmount` or `itemIssuesDto[1].taxAmount`. */
  field: string;
  message: string;
  sent?: unknown;
  expected?: unknown;
}

/** One cent, the largest accepted difference between a sent and a computed amount. */
export const TOLERANCE_CENTS = 1;

/** A problem when |sent - expected| > 0.01; undefined otherwise. A missing sent value is no problem. */
export function checkSentAmount(field: string, sent: number | undefined, expectedCents: Cents): SaleProblem | undefined {
  if (sent === undefined) return undefined;
  // Exact at any size: the sent decimal is read digit by digit and compared as integers (it may
  // carry more decimals than cents do; it is compared, never stored).
  if (Number.isFinite(sent) && withinCents(sent, expectedCents, TOLERANCE_CENTS)) return undefined;
  const expected = fromCents(expectedCents);
  return { field, sent, expected, message: `${field} is ${sent}, expected ${expected}` };
}
