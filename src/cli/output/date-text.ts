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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Epoch ms -> `yyyy-MM-dd` as a calendar day in `timeZone`, for tables. Intl's own zone data
 * (what date-fns' tz reads too), without loading date-fns into every listing.
 */
export function formatTableDate(epochMs: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  let dayFormat = dayFormats.get(timeZone);
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, dayFormat);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of dayFormat.formatToParts(epochMs)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
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
