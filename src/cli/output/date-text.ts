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
  const date = new Date(epochMs);
  // Outside the Date range there is no ISO text; the number itself is the honest output.
  return Number.isNaN(date.getTime()) ? epochMs : date.toISOString();
}
