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

  it('exports ISO 8601 in UTC, or the epoch ms when raw', () => {
    expect(exportDate(LATE_MAY_UTC)).toBe('2024-05-31T21:30:00.000Z');
    expect(exportDate(LATE_MAY_UTC, true)).toBe(LATE_MAY_UTC);
  });

  it('keeps an out-of-range number rather than failing the export', () => {
    expect(exportDate(9e15)).toBe(9e15);
  });

  it('refuses an unknown time zone', () => {
    expect(() => assertTimeZone('Mars/Olympus_Mons')).toThrow(OutputUsageError);
    expect(() => assertTimeZone('Africa/Nairobi')).not.toThrow();
  });
});
