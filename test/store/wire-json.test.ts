/**
 * store/wire-json.ts writes numbers and text as SQLite's json_object does (the list records of
 * every backend must be SQLite's bytes): checked against SQLite itself over generated values,
 * integers bound as integers (BigInt), as the columns hold them.
 */
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../../src/domain/money.js';
import { jsonInteger, jsonReal, jsonText } from '../../src/store/wire-json.js';

const sqlite = new SqliteDatabase(':memory:');
afterAll(() => sqlite.close());
const bySqliteRow = sqlite.prepare<[bigint | null, bigint | null, string | null, bigint | null, bigint | null], { j: string }>(
  "select json_object('amount', ? / 100.0, 'qty', ? / 1000.0, 'text', ?, 'id', ?, 'rate', ? / 100.0) as j",
);

const big = (n: number | null) => (n === null ? null : BigInt(n));
const bySqlite = (c: number | null, m: number | null, t: string | null, id: number | null, bp: number | null) =>
  bySqliteRow.get(big(c), big(m), t, big(id), big(bp))!;

/** Amounts below this many cents are written by SQLite in their shortest form; see wire-json.ts. */
const SHORTEST_BELOW_CENTS = 10 ** 13;

const record = (cents: number | null, milli: number | null, text: string | null, id: number | null, bp: number | null) =>
  `{"amount":${jsonReal(cents === null ? null : cents / 100)},"qty":${jsonReal(milli === null ? null : milli / 1000)},"text":${jsonText(text)},"id":${jsonInteger(id)},"rate":${jsonReal(bp === null ? null : bp / 100)}}`;

describe('list record JSON', () => {
  it('writes amounts, quantities, rates, ids and text as SQLite json_object does', () => {
    const cents = fc.oneof(
      fc.integer({ min: -SHORTEST_BELOW_CENTS + 1, max: SHORTEST_BELOW_CENTS - 1 }),
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.constantFrom(0, 1, 7, 10, 100, 1500, SHORTEST_BELOW_CENTS - 1),
    );
    fc.assert(
      fc.property(
        fc.option(cents),
        fc.option(fc.integer({ min: 1, max: 10_000_000_000 })),
        fc.option(fc.string({ unit: 'binary', maxLength: 20 })),
        fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
        fc.option(fc.integer({ min: 0, max: 10_000 })),
        (c, m, t, id, bp) => {
          // SQLite keeps text as UTF-8: a lone surrogate cannot be stored, so none is sent.
          const text = t === null ? null : t.replace(/[\ud800-\udfff]/g, '?');
          expect(record(c, m, text, id, bp)).toBe(bySqlite(c, m, text, id, bp).j);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('writes larger amounts up to the largest accepted as the same number, if not always the same digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: SHORTEST_BELOW_CENTS, max: MAX_AMOUNT_CENTS }), (c) => {
        expect(JSON.parse(record(c, null, null, null, null)).amount).toBe(JSON.parse(bySqlite(c, null, null, null, null).j).amount);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a whole amount with .0 and control characters escaped, as SQLite does', () => {
    expect(record(1500, 1000, 'a"b\\c\n\t\u0001é', 7, 1600)).toBe(bySqlite(1500, 1000, 'a"b\\c\n\t\u0001é', 7, 1600).j);
    expect(jsonReal(15)).toBe('15.0');
    expect(jsonReal(0.07)).toBe('0.07');
  });
});
