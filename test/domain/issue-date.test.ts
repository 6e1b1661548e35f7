import { describe, expect, it } from 'vitest';
import { issueDateOf } from '../../src/domain/issue-date.js';

const NOW = Date.UTC(2026, 10, 15, 9, 0, 0); // 12:00 in Nairobi

describe('issue date of a sale', () => {
  it('no date, or today in the company zone, is now', () => {
    expect(issueDateOf(undefined, 'Africa/Nairobi', NOW)).toBe(NOW);
    expect(issueDateOf('2026-11-15', 'Africa/Nairobi', NOW)).toBe(NOW);
  });

  it('another day is the start of that day in the company zone', () => {
    expect(issueDateOf('2026-11-14', 'Africa/Nairobi', NOW)).toBe(Date.UTC(2026, 10, 13, 21, 0, 0));
    expect(issueDateOf('2026-01-01', 'UTC', NOW)).toBe(Date.UTC(2026, 0, 1));
  });

  it('a date that does not exist is refused', () => {
    expect(issueDateOf('2026-02-30', 'Africa/Nairobi', NOW)).toBeUndefined();
    expect(issueDateOf('2026-13-01', 'Africa/Nairobi', NOW)).toBeUndefined();
  });
});
