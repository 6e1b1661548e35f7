import { describe, expect, it } from 'vitest';
import { ageText, unitsToOffer, wallClock } from '../../../src/cli/sale/offline-catalog.js';

describe('how old the local copy is', () => {
  const at = Date.UTC(2026, 10, 25, 4, 0);
  it('is said in its largest whole unit', () => {
    expect(ageText(at, at + 59_999)).toBe('0 minutes');
    expect(ageText(at, at + 60_000)).toBe('1 minute');
    expect(ageText(at, at + 59 * 60_000)).toBe('59 minutes');
    expect(ageText(at, at + 60 * 60_000)).toBe('1 hour');
    expect(ageText(at, at + 47 * 3_600_000)).toBe('47 hours');
    expect(ageText(at, at + 48 * 3_600_000)).toBe('2 days');
    // A clock set back does not give a negative age.
    expect(ageText(at, at - 5_000)).toBe('0 minutes');
  });

  it('with the time the copy was made, in the company zone', () => {
    expect(wallClock(at, 'Africa/Nairobi')).toBe('2026-11-25 07:00');
    expect(wallClock(at, 'UTC')).toBe('2026-11-25 04:00');
  });
});

describe('the units offered', () => {
  it('leave out those sold in kept sales', () => {
    const units = [1, 2, 3].map((id) => ({ id }));
    expect(unitsToOffer(units, new Map([[2, {}]])).map((u) => u.id)).toEqual([1, 3]);
  });
});
