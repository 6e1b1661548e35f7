import { describe, expect, it } from 'vitest';
import { RecentIdentities } from '../../src/client/recent-identities.js';

describe('RecentIdentities', () => {
  it('remembers at least the last `keep` identities added, numbers and text alike', () => {
    const recent = new RecentIdentities(100);
    for (let id = 1; id <= 1_000; id++) recent.add(id);
    recent.add('line 7');
    for (let id = 901; id <= 1_000; id++) expect(recent.has(id), String(id)).toBe(true);
    expect(recent.has('line 7')).toBe(true);
    expect(recent.has(1_001)).toBe(false);
  });

  it('forgets what came more than twice `keep` identities ago, so a long walk holds a bounded number', () => {
    const recent = new RecentIdentities(100);
    for (let id = 1; id <= 1_000; id++) recent.add(id);
    const remembered = Array.from({ length: 1_000 }, (_, i) => i + 1).filter((id) => recent.has(id));
    expect(remembered.length).toBeGreaterThanOrEqual(100);
    expect(remembered.length).toBeLessThanOrEqual(200);
    expect(recent.has(1)).toBe(false);
  });
});
