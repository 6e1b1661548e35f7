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

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's offset from UTC at `epochMs`, in minutes (Nairobi: 180), from Intl's zone data;
 * undefined when it is not whole minutes (local mean time before a zone's first standard time).
 */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number | undefined {
  let offsetFormat = offsetFormats.get(timeZone);
  if (!offsetFormat) {
    offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, offsetFormat);
  }
  const name = offsetFormat.formatToParts(epochMs).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return undefined;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The last UTC day whose offset is known to hold from its first to its last millisecond. */
const steadyDays = new Map<string, { day: number; offset: number }>();

/**
 * The offset at `epochMs`, asking Intl twice per UTC day instead of once per row: when a day
 * starts and ends at the same offset it holds all day (zones change offset at most once a day).
 */
function offsetAt(epochMs: number, timeZone: string): number | undefined {
  const day = Math.floor(epochMs / DAY_MS);
  const known = steadyDays.get(timeZone);
  if (known?.day === day) return known.offset;
  const first = zoneOffsetMinutes(day * DAY_MS, timeZone);
  const last = zoneOffsetMinutes(day * DAY_MS + DAY_MS - 1, timeZone);
  if (first !== undefined && first === last) {
    steadyDays.set(timeZone, { day, offset: first });
    return first;
  }
  return zoneOffsetMinutes(epochMs, timeZone);
}

/**
 * Epoch ms for CSV: ISO 8601 as the wall clock of `timeZone` reads it, with that zone's offset
 * (2024-06-01T00:30:00.000+03:00 for Nairobi), so a spreadsheet shows the company's day and a
 * program still reads the exact instant; the epoch ms itself when `raw`. A time outside the
 * Date range, or at an offset that is not whole minutes, is written as exportDate does (UTC).
 */
export function zonedExportDate(epochMs: number, timeZone: string, raw = false): string | number {
  if (raw) return epochMs;
  if (!Number.isInteger(epochMs) || epochMs < DAY_MS || epochMs >= YEAR_10000 - DAY_MS) return exportDate(epochMs);
  const offset = offsetAt(epochMs, timeZone);
  if (offset === undefined) return exportDate(epochMs);
  const wall = isoText(epochMs + offset * 60_000);
  const size = Math.abs(offset);
  return `${wall.slice(0, -1)}${offset < 0 ? '-' : '+'}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
