/**
 * A sale's issue date: the request sends a calendar date (YYYY-MM-dd) of the company's time
 * zone. A sale dated today is stamped with the current time, so the newest-first order follows
 * the till; a sale dated another day is stamped at the start of that day in the company's zone.
 */
import { TZDate } from '@date-fns/tz';

/** Epoch ms of the date, or undefined when the text is not a real calendar date. */
export function issueDateOf(dateText: string | undefined, timeZone: string, now: number): number | undefined {
  if (dateText === undefined) return now;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new TZDate(year, month - 1, day, timeZone);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== day) return undefined;
  const today = new TZDate(now, timeZone);
  if (today.getFullYear() === year && today.getMonth() === month - 1 && today.getDate() === day) return now;
  return start.getTime();
}
