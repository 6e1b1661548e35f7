/**
 * Walking every page (`--all`) against a real server: the whole count in as few requests as
 * the page size allows, one page in memory, and an end even when the server misbehaves.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopClient } from '../../src/client/client.js';
import { UsageError } from '../../src/client/errors.js';
import { walkPages, type PagingStyle, type WalkOptions, type WalkSummary } from '../../src/client/paging.js';
import { clientFor } from './client-setup.js';
import { cashSale } from './fixtures.js';
import { json, startServer, type TestServer } from './http-fixture.js';

interface Behaviour {
  total: number;
  style?: PagingStyle;
  /** The most records the server returns per page, whatever the limit. */
  serverMax?: number;
  ignoreStart?: boolean;
  /** Records (and count) added before each request after the first. */
  growth?: number;
  /** The count reported on every page after the first. */
  laterCount?: number;
  /** Pages after the first come back empty. */
  emptyAfterFirst?: boolean;
  /** The paging style the server states in its reply's header. */
  states?: PagingStyle;
}

let server: TestServer;
let client: ShopClient;

function serve(behaviour: Behaviour): void {
  let total = behaviour.total;
  let requests = 0;
  server.handle((req, res) => {
    requests++;
    if (requests > 1) total += behaviour.growth ?? 0;
    const limit = Number(req.query.limit);
    const start = behaviour.ignoreStart ? 0 : Number(req.query.start);
    const size = Math.min(limit, behaviour.serverMax ?? Infinity);
    const offset = behaviour.style === 'page' ? start * limit : start;
    const empty = behaviour.emptyAfterFirst && requests > 1;
    const list = empty ? [] : Array.from({ length: Math.max(0, Math.min(size, total - offset)) }, (_, i) => cashSale(offset + i + 1));
    const count = requests > 1 && behaviour.laterCount !== undefined ? behaviour.laterCount : total;
    json(res, 200, { count, list }, behaviour.states ? { 'x-paging-style': behaviour.states } : {});
  });
}

async function walk(options: WalkOptions = {}) {
  const ids: number[] = [];
  const progress: [number, number][] = [];
  let summary: WalkSummary | undefined;
  const pages = walkPages((start, limit) => client.listCashSales({ companyId: 1, start, limit }), {
    ...options,
    onProgress: (done, total) => progress.push([done, total]),
    onEnd: (s) => {
      summary = s;
    },
  });
  for await (const record of pages) ids.push(record.id!);
  const asked = server.seen.map((r) => [Number(r.query.start), Number(r.query.limit)]);
  return { ids, progress, summary: summary!, asked };
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.seen.length = 0;
  await client?.close();
  client = clientFor(server.url);
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('walkPages', () => {
  it('walks 123 records in pages of 50: 3 requests, every record once, in order', async () => {
    serve({ total: 123 });
    const { ids, progress, summary, asked } = await walk({ pageSize: 50 });
    // Each page after the first starts at the last record taken (the anchor), one record longer.
    expect(asked).toEqual([
      [0, 50],
      [49, 51],
      [99, 51],
    ]);
    expect(ids).toEqual(range(1, 123));
    expect(progress).toEqual([
      [50, 123],
      [100, 123],
      [123, 123],
    ]);
    expect(summary).toEqual({ reason: 'complete', done: 123, total: 123, count: 123, pages: 3 });
  });

  it('stops at exactly a full last page without an extra request', async () => {
    serve({ total: 100 });
    const { ids, asked } = await walk({ pageSize: 50 });
    expect(ids).toHaveLength(100);
    expect(asked).toHaveLength(2);
  });

  it('an empty collection is one request and nothing yielded', async () => {
    serve({ total: 0 });
    const { ids, summary } = await walk();
    expect(ids).toEqual([]);
    expect(summary.reason).toBe('complete');
    expect(server.seen).toHaveLength(1);
  });

  it('sends page indexes in the page style', async () => {
    serve({ total: 123, style: 'page' });
    const { ids, asked } = await walk({ pageSize: 50, style: 'page' });
    expect(asked).toEqual([
      [0, 50],
      [1, 50],
      [2, 50],
    ]);
    expect(ids).toEqual(range(1, 123));
  });

  it('starts from an offset', async () => {
    serve({ total: 123 });
    const { ids, summary } = await walk({ pageSize: 50, start: 100 });
    expect(ids).toEqual(range(101, 123));
    expect(summary.total).toBe(23);
  });

  it('stops at max, asking only for what is left', async () => {
    serve({ total: 123 });
    const { ids, asked, summary } = await walk({ pageSize: 50, max: 60 });
    expect(ids).toEqual(range(1, 60));
    expect(asked).toEqual([
      [0, 50],
      [49, 11],
    ]);
    expect(summary.reason).toBe('max');
  });

  it('goes on past short pages while the count says there is more (a server capping page size)', async () => {
    serve({ total: 123, serverMax: 20 });
    const { ids, asked } = await walk({ pageSize: 50 });
    expect(ids).toEqual(range(1, 123));
    expect(asked.map(([start]) => start)).toEqual([0, 19, 38, 57, 76, 95, 114]);
  });

  it('stops at a short page of indexed pages', async () => {
    serve({ total: 123, style: 'page', serverMax: 20 });
    const { ids, summary } = await walk({ pageSize: 50, style: 'page' });
    expect(ids).toEqual(range(1, 20));
    expect(summary.reason).toBe('short-page');
  });

  it('stops at an empty page although the count promises more', async () => {
    serve({ total: 1000, emptyAfterFirst: true });
    const { ids, summary } = await walk({ pageSize: 50 });
    expect(ids).toHaveLength(50);
    expect(summary).toMatchObject({ reason: 'empty-page', done: 50, total: 1000 });
    expect(server.seen).toHaveLength(2);
  });

  it('stops when a server ignoring start repeats its first page', async () => {
    serve({ total: 500, ignoreStart: true });
    const { ids, summary } = await walk({ pageSize: 50 });
    expect(ids).toEqual(range(1, 50));
    expect(summary.reason).toBe('repeated-page');
    expect(server.seen).toHaveLength(2);
  });

  it('reads past the first count while it grows, but not for ever (records added after the walk started come at most once)', async () => {
    serve({ total: 120, growth: 50 });
    const { ids, summary } = await walk({ pageSize: 50 });
    expect(ids.slice(0, 120)).toEqual(range(1, 120));
    expect(new Set(ids).size).toBe(ids.length);
    expect(summary.reason).toBe('complete');
    expect(server.seen.length).toBeLessThanOrEqual(6);
  });

  it('ends once a shrinking count is reached, keeping the page in hand whole', async () => {
    serve({ total: 200, laterCount: 70 });
    const { ids, summary } = await walk({ pageSize: 50 });
    expect(ids).toEqual(range(1, 100));
    expect(summary).toMatchObject({ reason: 'complete', done: 100, count: 70 });
  });

  it('reads one page ahead, never more, while the records before it are taken', async () => {
    const asked: number[] = [];
    const fetchPage = async (start: number, limit: number) => {
      asked.push(start);
      return { count: 500, list: Array.from({ length: limit }, (_, i) => cashSale(start + i + 1)) };
    };
    const ids: number[] = [];
    for await (const record of walkPages(fetchPage, { pageSize: 50 })) {
      ids.push(record.id!);
      if (ids.length === 1) expect(asked).toEqual([0, 49]);
      if (ids.length === 60) break;
    }
    expect(asked).toEqual([0, 49, 99]);
  });

  it('reports a failed read-ahead when the walk reaches it, after every record before it', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const fetchPage = async (start: number, limit: number) => {
        if (start > 0) throw new Error(`page at ${start} failed`);
        return { count: 100, list: Array.from({ length: limit }, (_, i) => cashSale(i + 1)) };
      };
      const ids: number[] = [];
      const walkAll = async () => {
        for await (const record of walkPages(fetchPage, { pageSize: 50 })) {
          ids.push(record.id!);
          await new Promise(setImmediate);
        }
      };
      await expect(walkAll()).rejects.toThrow('page at 49 failed');
      expect(ids).toEqual(range(1, 50));
      // A walk left before the failed page: nothing reported, nothing unhandled.
      let readAhead: Promise<unknown> | undefined;
      const recordingFetch = (start: number, limit: number) => {
        const page = fetchPage(start, limit);
        if (start > 0) readAhead = page;
        return page;
      };
      for await (const record of walkPages(recordingFetch, { pageSize: 50 })) if (record.id === 10) break;
      expect(readAhead).toBeDefined();
      // Node reports a rejection nobody handled once the turn of the event loop it happened in ends.
      await new Promise(setImmediate);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('refuses a page size, start or max out of range', async () => {
    const never = () => Promise.reject(new Error('no request expected'));
    await expect(walkPages(never, { pageSize: 0 }).next()).rejects.toThrow(UsageError);
    await expect(walkPages(never, { pageSize: 1001 }).next()).rejects.toThrow(/page size must be a whole number from 1 to 1000/);
    await expect(walkPages(never, { start: -1 }).next()).rejects.toThrow(UsageError);
    await expect(walkPages(never, { max: 1.5 }).next()).rejects.toThrow(UsageError);
    expect((await walkPages(never, { max: 0 }).next()).done).toBe(true);
  });
});

describe('a paging style that does not match the server', () => {
  it('is refused when the pages overlap (page indexes sent to an offset server), naming the setting', async () => {
    serve({ total: 904 });
    const walked = walk({ pageSize: 300, style: 'page' });
    await expect(walked).rejects.toThrow(UsageError);
    await expect(walk({ pageSize: 300, style: 'page' })).rejects.toThrow(
      'page 2 repeats records of page 1, so start is not a page index as the setting pagingStyle page says: `shopprop config set pagingStyle offset`',
    );
  });

  it('is refused before any record when the server states another style', async () => {
    serve({ total: 123, states: 'offset' });
    const ids: number[] = [];
    const refused = (async () => {
      for await (const record of walkPages((start, limit) => client.listCashSales({ companyId: 1, start, limit }), { pageSize: 50, style: 'page' }))
        ids.push(record.id!);
    })();
    await expect(refused).rejects.toThrow(/the service says start is a record offset, so start is not a page index/);
    expect(ids).toEqual([]);
  });

  it('a stated style that matches walks as usual', async () => {
    serve({ total: 123, style: 'page', states: 'page' });
    const { ids } = await walk({ pageSize: 50, style: 'page' });
    expect(ids).toEqual(range(1, 123));
  });
});
