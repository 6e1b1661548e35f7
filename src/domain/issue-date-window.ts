/**
 * The dates a sale may carry: none before the earliest date (2000-01-01 by default: this shop
 * sold nothing before then, and a year like 0202 is a typing slip), none more than a day ahead
 * of the server's clock (a till's clock a few hours fast, or in another time zone, is fine;
 * 9999-12-31 is not). The server may widen or narrow both.
 */
import type { SaleProblem } from './sent-amount.js';

export interface IssueDateWindow {
  /** The earliest issue date accepted, YYYY-MM-dd. */
  earliest: string;
  /** How far ahead of the server's clock the start of the issue date may be, in days. */
  maxDaysAhead: number;
}

export const DEFAULT_ISSUE_DATE_WINDOW: IssueDateWindow = { earliest: '2000-01-01', maxDaysAhead: 1 };

const DAY_MS = 86_400_000;

/**
 * The problem with a sent issue date outside the window, or undefined. `dateText` is the date as
 * sent (YYYY-MM-dd), `issueDate` its epoch ms in the company's time zone.
 */
export function issueDateOutsideWindow(
  dateText: string,
  issueDate: number,
  now: number,
  window: IssueDateWindow = DEFAULT_ISSUE_DATE_WINDOW,
): SaleProblem | undefined {
  // Dates as YYYY-MM-dd compare as text.
  if (dateText < window.earliest) {
    return {
      field: 'issueDate',
      sent: dateText,
      expected: `${window.earliest} or later`,
      message: `issueDate ${dateText} is before ${window.earliest}, the earliest date accepted`,
    };
  }
  if (issueDate > now + window.maxDaysAhead * DAY_MS) {
    const days = window.maxDaysAhead === 1 ? 'a day' : `${window.maxDaysAhead} days`;
    return {
      field: 'issueDate',
      sent: dateText,
      expected: `at most ${days} ahead of the server's clock`,
      message: `issueDate ${dateText} is more than ${days} ahead of the server's clock (${new Date(now).toISOString().slice(0, 10)})`,
    };
  }
  return undefined;
}
