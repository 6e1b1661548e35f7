import { describe, expect, it } from 'vitest';
import { wrapWords } from '../../../src/cli/output/wrap-words.js';

describe('a message at a terminal', () => {
  const hint = 'left out to fit 80 columns: Property, Phone (--wide shows every column; --fields chooses them)';

  it('is wrapped at the width on word boundaries, the lines after the first indented', () => {
    const wrapped = wrapWords(hint, 40);
    expect(wrapped).toBe('left out to fit 80 columns: Property,\n  Phone (--wide shows every column;\n  --fields chooses them)');
    for (const line of wrapped.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(wrapped.replaceAll('\n  ', ' ')).toBe(hint);
  });

  it('is left as it is when it fits, when the width is unknown, and keeps a word longer than the width whole', () => {
    expect(wrapWords('short', 80)).toBe('short');
    expect(wrapWords(hint, undefined)).toBe(hint);
    const path = '/a/very/long/path/to/a/file/that/does/not/fit/anywhere.csv';
    expect(wrapWords(`wrote 3 records to ${path}`, 30)).toBe(`wrote 3 records to\n  ${path}`);
  });

  it('wraps each line of a message of several lines', () => {
    expect(wrapWords('one two three four five six\nseven', 20)).toBe('one two three four\n  five six\nseven');
  });
});
