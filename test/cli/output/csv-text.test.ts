import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvOfObjects, csvRecord } from '../../../src/cli/output/csv-text.js';

/** Text with every character CSV treats specially, often, besides any other. */
const field = fc.oneof(
  fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', ' ', 'a', '=', '\u00e9', '\ufeff') }),
  fc.string({ unit: 'grapheme' }),
  fc.string(),
);
const records = fc.array(fc.array(field, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 });

describe('CSV text (RFC 4180)', () => {
  // Each record as csv-stringify writes it with its default LF record end, which it then
  // replaces by CRLF. (Asked for CRLF record ends, csv-stringify quotes only fields holding the
  // pair CRLF and leaves a lone LF or CR bare, which every reader takes for a new record.)
  it('quotes fields as csv-stringify does, for any text', () => {
    fc.assert(
      fc.property(records, (rows) => {
        const expected = rows.map((row) => `${stringify([row]).slice(0, -1)}\r\n`).join('');
        expect(rows.map(csvRecord).join('')).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as the same fields with csv-parse', () => {
    fc.assert(
      fc.property(records, (rows) => {
        // csv-parse reads a lone empty field as an empty line, so rows of one empty field are left out.
        const kept = rows.filter((row) => !(row.length === 1 && row[0] === ''));
        const width = kept[0]?.length ?? 0;
        const even = kept.filter((row) => row.length === width);
        expect(parse(even.map(csvRecord).join(''), { relax_column_count: false })).toEqual(even);
      }),
      { numRuns: 1000 },
    );
  });

  it('quotes only fields that need it, doubling their quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvRecord(['1', '', 'x'])).toBe('1,,x\r\n');
  });

  it('writes flat objects with a header of their keys, null and absent as empty', () => {
    expect(
      csvOfObjects([
        { a: 1, b: null, c: true, d: 'x,y' },
        { a: 2.5, c: false, d: '' },
      ]),
    ).toBe('a,b,c,d\r\n1,,true,"x,y"\r\n2.5,,false,\r\n');
    expect(csvOfObjects([])).toBe('');
  });
});
