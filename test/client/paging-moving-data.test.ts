/**
 * `--all` while the data moves, against real HTTP servers on 127.0.0.1 that page by offset over
 * a list that changes between requests (sales saved at the front or back-dated into the middle,
 * sales removed, sale item records mixed into the cash sale list), and against one that names
 * where each page ended (a keyset reading, as the bundled server does). Every record that
 * existed when the walk started comes exactly once; new ones at most once; a change the walk
 * cannot repair fails it instead of passing a short list for complete.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopClient } from '../../src/client/client.js';
import { walkPages, WalkIncompleteError, type WalkOptions } from '../../src/client/paging.js';
import { cashSaleListKey, isCashSaleRecord } from '../../src/contract/cash-sale.js';
import { clientFor } from './client-setup.js';
import { cashSale, saleItem } from './fixtures.js';
import { json, startServer, type TestServer } from './http-fixture.js';

let server: TestServer;
let client: ShopClient;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.seen.length = 0;
  await client?.close();
  client = clientFor(server.url);
});

type Row = ReturnType<typeof cashSale> | ReturnType<typeof saleItem>;

/**
 * An offset-paging server over `rows` (in list order); `change` runs before every request but
 * the first, and may edit the rows. `count` counts cash sales only, as the interface's count.
 */
function serveOffset(rows: Row[], change: (request: number) => void = () => undefined): void {
  let requests = 0;
  server.handle((req, res) => {
    if (requests++ > 0) change(requests);
    const start = Number(req.query.start);
    const limit = Number(req.query.limit);
    json(res, 200, { count: rows.filter((row) => isCashSaleRecord(row)).length, list: rows.slice(start, start + limit) });
  });
}

async function walkIds(options: WalkOptions<Row> = {}): Promise<(string | number)[]> {
  const keys: (string | number)[] = [];
  const pages = walkPages<Row>((start, limit, after) => client.listCashSales({ companyId: 1, start, limit, after }) as never, {
    identity: cashSaleListKey,
    counts: isCashSaleRecord,
    strict: true,
    ...options,
  });
  for await (const record of pages) keys.push(cashSaleListKey(record));
  return keys;
}

const sales = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => cashSale(to - i));

function expectEachOnce(keys: (string | number)[], expected: (string | number)[]): void {
  expect(new Set(keys).size, 'no record twice').toBe(keys.length);
  const got = new Set(keys);
  expect(
    expected.filter((key) => !got.has(key)),
    'no record missing',
  ).toEqual([]);
}

describe('an offset-paging server whose data moves during the walk', () => {
  it('900 sales, newest first, 13 saved at the front between pages: each of the 900 exactly once', async () => {
    const rows: Row[] = sales(1, 900);
    let nextId = 901;
    serveOffset(rows, () => {
      for (let i = 0; i < 13; i++) rows.unshift(cashSale(nextId++));
    });
    const keys = await walkIds({ pageSize: 100 });
    expectEachOnce(
      keys,
      sales(1, 900).map((s) => s.id!),
    );
    expect(keys.filter((key) => Number(key) > 900)).toEqual([]);
  });

  it('back-dated sales saved ahead of the walk: the old ones exactly once, the new at most once', async () => {
    const rows: Row[] = sales(1, 500);
    let nextId = 10_001;
    serveOffset(rows, () => {
      rows.splice(rows.length - 50, 0, cashSale(nextId++), cashSale(nextId++));
    });
    const keys = await walkIds({ pageSize: 100 });
    expectEachOnce(
      keys,
      sales(1, 500).map((s) => s.id!),
    );
  });

  it('sales removed before the walk position: it steps back and still takes each remaining one once', async () => {
    const rows: Row[] = sales(1, 400);
    serveOffset(rows, (request) => {
      // Remove three records the walk has already passed.
      if (request === 3) rows.splice(10, 3);
    });
    const removed = new Set([rows[10]!.id, rows[11]!.id, rows[12]!.id]);
    const keys = await walkIds({ pageSize: 50 });
    expectEachOnce(
      keys,
      sales(1, 400)
        .map((s) => s.id!)
        .filter((id) => !removed.has(id)),
    );
  });

  it('sale item records mixed into the cash sale list neither count as sales nor cut the walk short: 137 of 137', async () => {
    const rows: Row[] = [];
    for (let id = 137; id >= 1; id--) {
      rows.push(cashSale(id));
      if (id % 3 === 0) rows.push(saleItem(id));
    }
    serveOffset(rows);
    const keys = await walkIds({ pageSize: 20 });
    expect(keys.filter((key) => typeof key === 'number').sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 137 }, (_, i) => i + 1));
    expect(keys.filter((key) => typeof key === 'string')).toHaveLength(45);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a list reshuffled between pages cannot be repaired: the walk fails, naming why', async () => {
    const rows: Row[] = sales(1, 300);
    serveOffset(rows, () => {
      rows.reverse();
      rows.splice(0, 60);
    });
    const failure = await walkIds({ pageSize: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WalkIncompleteError);
    expect((failure as Error).message).toMatch(/^the list changed while it was read: records before offset \d+ were removed or reordered/);
  });

  it('a list whose pages end before its count fails the strict walk instead of passing for complete', async () => {
    server.handle((req, res) => json(res, 200, { count: 500, list: Number(req.query.start) === 0 ? sales(451, 500) : [] }));
    await expect(walkIds({ pageSize: 50 })).rejects.toThrow(/the list ended after 50 of 500 records \(a page came back empty/);
  });
});

describe('a server that names where each page ended (X-Next-After)', () => {
  it('is read after that record: exact while sales are saved at the front, and asks no overlap', async () => {
    const rows = sales(1, 900);
    let nextId = 901;
    let requests = 0;
    server.handle((req, res) => {
      if (requests++ > 0) for (let i = 0; i < 13; i++) rows.unshift(cashSale(nextId++));
      const limit = Number(req.query.limit);
      const after = req.query.afterId === undefined ? undefined : Number(req.query.afterId);
      const from = after === undefined ? Number(req.query.start) : rows.findIndex((row) => row.id! < after);
      const page = rows.slice(from, from + limit);
      json(res, 200, { count: rows.length, list: page }, page.length ? { 'x-next-after': `${page.at(-1)!.issueDate}.${page.at(-1)!.id}` } : {});
    });
    const keys = await walkIds({ pageSize: 100 });
    expectEachOnce(
      keys,
      sales(1, 900).map((s) => s.id!),
    );
    expect(keys).toHaveLength(900);
    const asked = server.seen.map((r) => [r.query.start, r.query.limit, r.query.afterDate, r.query.afterId]);
    expect(asked[0]).toEqual(['0', '100', undefined, undefined]);
    expect(asked[1]).toEqual(['100', '100', String(cashSale(801).issueDate), '801']);
  });
});
