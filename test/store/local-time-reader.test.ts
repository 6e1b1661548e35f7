import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from '../../src/domain/month-range.js';
import { localTimeReader } from '../../src/store/rules/local-time-reader.js';

const pad = (n: number) => String(n).padStart(2, '0');

// Zones with daylight saving changes at whole hours, at 02:00 on Sundays, and by half an hour (Lord Howe).
const ZONES = ['Africa/Nairobi', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'America/Sao_Paulo'];

describe('reading the local times of an import file', () => {
  it('gives what parseLocalDateTime gives, on the days clocks change too', () => {
    const text = fc
      .record({
        year: fc.constantFrom(2024, 2026),
        month: fc.constantFrom(3, 4, 10, 11),
        day: fc.integer({ min: 1, max: 31 }),
        hour: fc.integer({ min: 0, max: 25 }),
        minute: fc.integer({ min: 0, max: 61 }),
        second: fc.option(fc.integer({ min: 0, max: 60 })),
        separator: fc.constantFrom('T', ' '),
      })
      .map((t) => `${t.year}-${pad(t.month)}-${pad(t.day)}${t.separator}${pad(t.hour)}:${pad(t.minute)}${t.second === null ? '' : `:${pad(t.second)}`}`);
    for (const zone of ZONES) {
      const read = localTimeReader(zone);
      fc.assert(
        fc.property(text, (t) => read(t) === parseLocalDateTime(t, zone)),
        { numRuns: 400 },
      );
    }
  });

  it('reads every minute of the hours clocks go forward and back in as parseLocalDateTime does', () => {
    const changes: [string, string][] = [
      ['Europe/London', '2026-03-29T01'],
      ['Europe/London', '2026-10-25T01'],
      ['Australia/Lord_Howe', '2026-04-05T01'],
      ['Australia/Lord_Howe', '2026-10-04T02'],
    ];
    for (const [zone, hour] of changes) {
      const read = localTimeReader(zone);
      for (let minute = 0; minute < 60; minute++) {
        const text = `${hour}:${pad(minute)}`;
        expect(read(text), `${zone} ${text}`).toBe(parseLocalDateTime(text, zone));
      }
    }
  });

  it('reads dates, and refuses what is not a date, as parseLocalDateTime does', () => {
    const read = localTimeReader('Africa/Nairobi');
    for (const text of ['2026-02-28', '2026-02-29', '2026-13-01', 'yesterday', '2026-01-01T24:00', '2026-01-01T10:60', ''])
      expect(read(text), text).toBe(parseLocalDateTime(text, 'Africa/Nairobi'));
  });
});
