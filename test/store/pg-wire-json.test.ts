/**
 * PostgreSQL writes a list record's fields (store/postgres/pg-wire-json.ts) as wire-json.ts
 * writes them, which is SQLite's json_object (test/store/wire-json.test.ts): checked against the
 * JavaScript over generated values, bound as the columns hold them (bigint, text).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { int, real, recordSql, text } from '../../src/store/postgres/pg-wire-json.js';
import { jsonInteger, jsonReal, jsonText } from '../../src/store/wire-json.js';
import { usePostgres, withClient } from '../helpers/postgres.js';

const postgres = usePostgres();

/** Below this many cents the shortest form of the double is its exact decimal (wire-json.ts). */
const SHORTEST_BELOW_CENTS = 10 ** 13;

const RECORD = `select ${recordSql([
  ['amount', real('v.c', 100)],
  ['qty', real('v.m', 1000)],
  ['text', text('v.t')],
  ['id', int('v.id')],
  ['rate', real('v.bp', 100)],
])} as j
  from unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::bigint[]) with ordinality as v(c, m, t, id, bp, n) order by v.n`;

type Row = [number | null, number | null, string | null, number | null, number | null];

const inJavaScript = ([c, m, t, id, bp]: Row) =>
  `{"amount":${jsonReal(c === null ? null : c / 100)},"qty":${jsonReal(m === null ? null : m / 1000)},"text":${jsonText(t)},"id":${jsonInteger(id)},"rate":${jsonReal(bp === null ? null : bp / 100)}}`;

describe('list record JSON written by PostgreSQL', () => {
  it('is the bytes wire-json.ts writes for amounts, quantities, rates, ids and text', async () => {
    const cents = fc.oneof(
      fc.integer({ min: -SHORTEST_BELOW_CENTS + 1, max: SHORTEST_BELOW_CENTS - 1 }),
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.constantFrom(0, 1, 7, 10, 100, 1500, -1500, SHORTEST_BELOW_CENTS - 1),
    );
    const row = fc.tuple(
      fc.option(cents),
      fc.option(fc.integer({ min: 1, max: 10_000_000_000 })),
      // PostgreSQL's text holds neither NUL nor a lone surrogate.
      fc.option(fc.string({ unit: 'binary', maxLength: 20 }).map((t) => t.replace(/[\ud800-\udfff]/g, '?').replaceAll(String.fromCharCode(0), '?'))),
      fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
      fc.option(fc.integer({ min: 0, max: 10_000 })),
    );
    const rows = fc.sample(row, { numRuns: 5000, seed: 29 }) as Row[];
    const url = await postgres.createDatabase();
    const written = await withClient(url, async (client) => {
      const column = (i: number) => rows.map((r) => (r[i] === null ? null : String(r[i])));
      return (await client.query<{ j: string }>(RECORD, [column(0), column(1), column(2), column(3), column(4)])).rows.map((r) => r.j);
    });
    expect(written).toHaveLength(rows.length);
    for (let i = 0; i < rows.length; i++) expect(written[i], JSON.stringify(rows[i])).toBe(inJavaScript(rows[i]!));
  });
});
