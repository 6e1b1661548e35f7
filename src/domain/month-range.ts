/**
 * "Month M of year Y" is the company's calendar month in its IANA time zone, not UTC's: a
 * receipt at 01:00 on the 1st in Nairobi belongs to that month although it is still the
 * previous month in UTC.
 */
import { TZDate } from '@date-fns/tz';

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

export interface MonthRange extends YearMonth {
  /** First millisecond of the month in the zone (epoch ms). */
  from: number;
  /** Last millisecond of the month in the zone (epoch ms). */
  to: number;
}

export const MONTH_NAMES = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'] as const;

export function monthRange(year: number, month: number, timeZone: string): MonthRange {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1 to 12, not ${month}`);
  const from = new TZDate(year, month - 1, 1, timeZone).getTime();
  const next = new TZDate(year, month, 1, timeZone).getTime();
  return { year, month, from, to: next - 1 };
}

/** The month that contains the instant `now` in the zone. */
export function monthOf(now: number, timeZone: string): YearMonth {
  const date = new TZDate(now, timeZone);
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

/** The current month in the zone, from an injected clock. */
export function currentMonth(clock: () => number, timeZone: string): YearMonth {
  return monthOf(clock(), timeZone);
}

/** 202611 for November 2026: a sortable integer key of a month. */
export function monthKey(ym: YearMonth): number {
  return ym.year * 100 + ym.month;
}

export function addMonths(ym: YearMonth, count: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * A local date (`YYYY-MM-DD`, meaning its first millisecond) or date and time
 * (`YYYY-MM-DDTHH:mm`, a space also goes) in the zone, as epoch ms; undefined when invalid.
 */
export function parseLocalDateTime(text: string, timeZone: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [hour, minute, second] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new TZDate(year, month - 1, day, hour, minute, second, timeZone);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date.getTime();
}

/** The last millisecond of the calendar day `YYYY-MM-DD` in the zone (an inclusive end date). */
export function endOfLocalDay(text: string, timeZone: string): number | undefined {
  const start = parseLocalDateTime(text, timeZone);
  if (start === undefined || text.trim().length !== 10) return undefined;
  const date = new TZDate(start, timeZone);
  return new TZDate(date.getFullYear(), date.getMonth(), date.getDate() + 1, timeZone).getTime() - 1;
}

/** `YYYY-MM-DD` of an instant in the zone. */
export function dayText(epochMs: number, timeZone: string): string {
  const date = new TZDate(epochMs, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
