import { describe, expect, it } from 'vitest';
import { addMonths, currentMonth, dayText, endOfLocalDay, monthKey, monthRange, parseLocalDateTime } from '../../src/domain/month-range.js';

describe('month M of year Y in the company zone', () => {
  it('starts and ends at the zone’s midnight, not UTC’s', () => {
    const march = monthRange(2026, 3, 'Africa/Nairobi');
    expect(new Date(march.from).toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(new Date(march.to).toISOString()).toBe('2026-03-31T20:59:59.999Z');
  });

  it('follows daylight saving time where the zone has it', () => {
    const march = monthRange(2026, 3, 'Europe/London');
    expect(new Date(march.from).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(march.to).toISOString()).toBe('2026-03-31T22:59:59.999Z');
  });

  it('handles December into the next year', () => {
    const december = monthRange(2026, 12, 'Africa/Kampala');
    expect(new Date(december.to + 1).toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('refuses month 0 and 13', () => {
    expect(() => monthRange(2026, 0, 'Africa/Nairobi')).toThrow(RangeError);
    expect(() => monthRange(2026, 13, 'Africa/Nairobi')).toThrow(RangeError);
  });

  it('takes the current month from an injected clock, in the zone', () => {
    // 22:00 UTC on 28 February is already 1 March in Nairobi.
    const clock = () => Date.UTC(2026, 1, 28, 22, 0);
    expect(currentMonth(clock, 'Africa/Nairobi')).toEqual({ year: 2026, month: 3 });
    expect(currentMonth(clock, 'UTC')).toEqual({ year: 2026, month: 2 });
  });

  it('has sortable month keys and month arithmetic', () => {
    expect(monthKey({ year: 2026, month: 3 })).toBe(202603);
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2025, month: 11 }, 3)).toEqual({ year: 2026, month: 2 });
  });

  it('reads local dates and times of import files', () => {
    expect(new Date(parseLocalDateTime('2026-03-01T00:30', 'Africa/Nairobi')!).toISOString()).toBe('2026-02-28T21:30:00.000Z');
    expect(new Date(parseLocalDateTime('2026-03-01', 'Africa/Nairobi')!).toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(parseLocalDateTime('2026-02-30', 'Africa/Nairobi')).toBeUndefined();
    expect(parseLocalDateTime('01/03/2026', 'Africa/Nairobi')).toBeUndefined();
    expect(parseLocalDateTime('2026-03-01T24:00', 'Africa/Nairobi')).toBeUndefined();
    expect(new Date(endOfLocalDay('2026-01-31', 'Africa/Nairobi')!).toISOString()).toBe('2026-01-31T20:59:59.999Z');
    expect(dayText(Date.UTC(2026, 1, 28, 22), 'Africa/Nairobi')).toBe('2026-03-01');
  });
});
