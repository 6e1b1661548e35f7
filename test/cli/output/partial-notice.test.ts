import { describe, expect, it } from 'vitest';
import { partialListNotice } from '../../../src/cli/output/partial-notice.js';

describe('partialListNotice', () => {
  it('says how many of how many were shown, with thousands separators', () => {
    expect(partialListNotice(50, 1234)).toBe('showing 50 of 1,234; --all for every page');
    expect(partialListNotice(1000, 1234567)).toBe('showing 1,000 of 1,234,567; --all for every page');
  });

  it('says nothing when the whole list was shown', () => {
    expect(partialListNotice(50, 50)).toBeUndefined();
    expect(partialListNotice(0, 0)).toBeUndefined();
    expect(partialListNotice(51, 50)).toBeUndefined();
  });
});
