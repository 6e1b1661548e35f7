import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertTimeZone, exportDate, formatTableDate, zonedExportDate, zoneOffsetMinutes } from '../../../src/cli/output/date-text.js';
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
    const zones = [
      'Africa/Nairobi',
      'UTC',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kathmandu',
      'America/St_Johns',
    ];
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
    const edges = [
      0,
      1,
      999,
      1000,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      253_402_300_799_999,
      253_402_300_800_000,
      8.64e15,
      -1,
      -86_400_001,
      1.5,
    ];
    for (const ms of edges) expect(exportDate(ms)).toBe(new Date(ms).toISOString());
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => exportDate(ms) === new Date(ms).toISOString()),
      { numRuns: 5000 },
    );
    // In date order, as an export meets them: the same day again, then the next.
    let ms = Date.UTC(2026, 10, 22, 23, 59, 58, 7);
    for (let i = 0; i < 5000; i++, ms += 397) expect(exportDate(ms)).toBe(new Date(ms).toISOString());
  });

  it("exports CSV dates as the company's wall-clock time with its offset, or the epoch ms when raw", () => {
    expect(zonedExportDate(LATE_MAY_UTC, 'Africa/Nairobi')).toBe('2024-06-01T00:30:00.000+03:00');
    expect(zonedExportDate(LATE_MAY_UTC, 'UTC')).toBe('2024-05-31T21:30:00.000+00:00');
    expect(zonedExportDate(LATE_MAY_UTC, 'America/St_Johns')).toBe('2024-05-31T19:00:00.000-02:30');
    expect(zonedExportDate(LATE_MAY_UTC, 'Africa/Nairobi', true)).toBe(LATE_MAY_UTC);
    // Either side of New York's change to summer time (2024-03-10 07:00 UTC).
    expect(zonedExportDate(Date.UTC(2024, 2, 10, 6, 59, 59, 999), 'America/New_York')).toBe('2024-03-10T01:59:59.999-05:00');
    expect(zonedExportDate(Date.UTC(2024, 2, 10, 7), 'America/New_York')).toBe('2024-03-10T03:00:00.000-04:00');
    expect(zoneOffsetMinutes(LATE_MAY_UTC, 'Asia/Kathmandu')).toBe(345);
  });

  it('writes the same instant and wall-clock time as date-fns in the zone, rows in date order or not', () => {
    const zones = [
      'Africa/Nairobi',
      'UTC',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kathmandu',
      'America/St_Johns',
    ];
    const expected = (ms: number, zone: string) => format(ms, "yyyy-MM-dd'T'HH:mm:ss.SSSxxx", { in: tz(zone) });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2200, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
        const text = zonedExportDate(ms, zone) as string;
        expect(text).toBe(expected(ms, zone));
        expect(Date.parse(text)).toBe(ms);
      }),
      { numRuns: 3000 },
    );
    // In date order across a summer-time change, as an export meets them (the offset cached per day).
    let ms = Date.UTC(2024, 9, 26, 20);
    for (let i = 0; i < 2000; i++, ms += 97_003) expect(zonedExportDate(ms, 'Europe/London')).toBe(expected(ms, 'Europe/London'));
  });

  it('keeps an out-of-range number rather than failing the export', () => {
    expect(exportDate(9e15)).toBe(9e15);
  });

  it('refuses an unknown time zone', () => {
    expect(() => assertTimeZone('Mars/Olympus_Mons')).toThrow(OutputUsageError);
    expect(() => assertTimeZone('Africa/Nairobi')).not.toThrow();
  });
});
