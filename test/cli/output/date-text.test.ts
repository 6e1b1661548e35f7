import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertTimeZone, exportDate, formatTableDate } from '../../../src/cli/output/date-text.js';
import { OutputUsageError } from '../../../src/cli/output/errors.js';

// 2024-05-31 21:30 UTC is already 1 June in Nairobi (UTC+3).
const LATE_MAY_UTC = Date.UTC(2024, 4, 31, 21, 30);

describe('dates as text', () => {
  it('shows the calendar day in the company zone, Nairobi by default', () => {
    expect(formatTableDate(LATE_MAY_UTC)).toBe('2024-06-01');
    expect(formatTableDate(LATE_MAY_UTC, 'Africa/Nairobi')).toBe('2024-06-01');
    expect(formatTableDate(LATE_MAY_UTC, 'UTC')).toBe('2024-05-31');
    expect(formatTableDate(LATE_MAY_UTC, 'America/New_York')).toBe('2024-05-31');
  });

  it('shows the same calendar day as date-fns in the zone, across years and DST changes', () => {
    const zones = ['Africa/Nairobi', 'UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu', 'America/St_Johns'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31) }), fc.constantFrom(...zones), (ms, zone) => {
        expect(formatTableDate(ms, zone)).toBe(format(ms, 'yyyy-MM-dd', { in: tz(zone) }));
      }),
      { numRuns: 3000 },
    );
  });

  it('exports ISO 8601 in UTC, or the epoch ms when raw', () => {
    expect(exportDate(LATE_MAY_UTC)).toBe('2024-05-31T21:30:00.000Z');
    expect(exportDate(LATE_MAY_UTC, true)).toBe(LATE_MAY_UTC);
  });

  it('exports exactly what toISOString writes, across days, years and the range edges', () => {
    const edges = [0, 1, 999, 1000, 86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999), 253_402_300_799_999, 253_402_300_800_000, 8.64e15, -1, -86_400_001, 1.5];
    for (const ms of edges) expect(exportDate(ms)).toBe(new Date(ms).toISOString());
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => exportDate(ms) === new Date(ms).toISOString()),
      { numRuns: 5000 },
    );
    // In date order, as an export meets them: the same day again, then the next.
    let ms = Date.UTC(2026, 10, 22, 23, 59, 58, 7);
    for (let i = 0; i < 5000; i++, ms += 397) expect(exportDate(ms)).toBe(new Date(ms).toISOString());
  });

  it('keeps an out-of-range number rather than failing the export', () => {
    expect(exportDate(9e15)).toBe(9e15);
  });

  it('refuses an unknown time zone', () => {
    expect(() => assertTimeZone('Mars/Olympus_Mons')).toThrow(OutputUsageError);
    expect(() => assertTimeZone('Africa/Nairobi')).not.toThrow();
  });
});
