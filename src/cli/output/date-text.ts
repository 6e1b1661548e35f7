import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { OutputUsageError } from './errors.js';

/** The company's zone when none is configured (DESIGN: time). */
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

/** Throws a usage error unless `zone` is an IANA zone this Node knows. */
export function assertTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new OutputUsageError(`unknown time zone "${zone}"; expected an IANA name such as ${DEFAULT_TIME_ZONE}`);
  }
}

/** Epoch ms -> `yyyy-MM-dd` as a calendar day in `timeZone`, for tables. */
export function formatTableDate(epochMs: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return format(epochMs, 'yyyy-MM-dd', { in: tz(timeZone) });
}

/** Epoch ms for exports: ISO 8601 in UTC, or the epoch ms itself when `raw`. */
export function exportDate(epochMs: number, raw = false): string | number {
  if (raw) return epochMs;
  if (Number.isInteger(epochMs) && epochMs >= 0 && epochMs < YEAR_10000) return isoText(epochMs);
  const date = new Date(epochMs);
  // Outside the Date range there is no ISO text; the number itself is the honest output.
  return Number.isNaN(date.getTime()) ? epochMs : date.toISOString();
}

const DAY_MS = 86_400_000;
/** From here on toISOString writes six-digit years: left to it. */
const YEAR_10000 = 253_402_300_800_000;
let cachedDay = -1;
let cachedDayText = '';

/**
 * What toISOString writes, with the calendar part made once per day: an export in date order
 * changes day rarely, and toISOString costs a microsecond a row.
 */
function isoText(epochMs: number): string {
  const day = Math.floor(epochMs / DAY_MS);
  if (day !== cachedDay) {
    cachedDayText = new Date(day * DAY_MS).toISOString().slice(0, 11);
    cachedDay = day;
  }
  const ms = epochMs - day * DAY_MS;
  const seconds = Math.floor(ms / 1000);
  const milli = ms - seconds * 1000;
  return `${cachedDayText}${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
