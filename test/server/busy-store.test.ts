/**
 * Another process holds the store's write lock: reads keep being served, a save waits for the lock
 * without blocking anything and answers 503 with Retry-After (nothing saved) if the lock does not
 * come in time. Time is the server's injected clock, moved by the test: no wall-clock bound, no
 * sleep.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { createToken } from '../helpers/sqlite-token.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { holdWriteLock } from '../helpers/lock-holder.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { sqliteStoreOf } from '../../src/store/sqlite/sqlite-shop-store.js';

/** Longer than any test here runs: the lock wait ends only when the test moves the server's clock past it. */
const LOCK_WAIT_MS = 600_000;
/** The server's clock: the real one, moved ahead by the test. */
let clockAhead = 0;
const serverNow = () => Date.now() + clockAhead;

let server: RunningServer;
let token: string;
let refs: CompanyRefs;
const temp = makeTempDir();
const dbFile = join(temp.dir, 'busy.db');

beforeAll(async () => {
  const seeding = await openStore(dbFile);
  await seedDemo(seeding, { now: TEST_NOW });
  refs = companyRefs(seeding, 1);
  token = createToken(seeding, { companyId: 1, role: 'cashier', name: 'till' }).token;
  await seeding.close();
  server = await startServer({ dbFile, host: '127.0.0.1', port: 0, lockWaitMs: LOCK_WAIT_MS, now: serverNow });
});
afterAll(async () => {
  await server?.close();
  temp.remove();
});

const headers = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const list = () => fetch(new URL('/api/inventorycashsale/list?companyId=1&start=0&limit=5', server.url), { headers: headers() });
const save = (refNo: string) =>
  fetch(new URL('/api/inventorycashsale/save', server.url), {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify(saleBody(refs, [accessoryLine(refs)], { over: { refNo } })),
  });
const salesWithRef = (refNo: string) =>
  (sqliteStoreOf(server.store)!.sqlite.prepare('select count(*) as n from cash_sales where ref_no = ?').get(refNo) as { n: number }).n;

/**
 * Reads sent one after the other while `pending` is unanswered, each answered 200 before it: a
 * server that waited for the lock by blocking (a busy timeout) would answer none until the save.
 */
async function readsWhilePending(pending: { settled: boolean }, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const reply = await list();
    expect(reply.status).toBe(200);
    await reply.arrayBuffer();
    expect({ read: i, saveAnswered: pending.settled }).toEqual({ read: i, saveAnswered: false });
  }
}

/** A save sent now, with whether it has been answered yet. */
function sending(refNo: string): { reply: Promise<Response>; settled: boolean } {
  const state = { reply: save(refNo), settled: false };
  state.reply = state.reply.finally(() => (state.settled = true));
  return state;
}

describe('a store whose write lock another process holds', () => {
  it('answers a save 503 with Retry-After naming the cause once its wait runs out on the server clock, serving reads meanwhile', async () => {
    const holder = await holdWriteLock(dbFile);
    let saved: Response;
    try {
      const pending = sending('BUSY-REFUSED');
      await readsWhilePending(pending, 5);
      expect(salesWithRef('BUSY-REFUSED')).toBe(0);
      // The wait runs out when the server's clock passes it: the next try at the lock refuses.
      clockAhead += LOCK_WAIT_MS;
      saved = await pending.reply;
    } finally {
      await holder.release();
    }
    expect(saved.status).toBe(503);
    expect(saved.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await saved.json()) as { message: string; code: string };
    expect(body.code).toBe('BUSY');
    expect(body.message).toMatch(/write lock/);
    expect(body.message).toMatch(/nothing was saved/);
    expect(salesWithRef('BUSY-REFUSED')).toBe(0);
  });

  it('saves once the lock is released within the wait, exactly once', async () => {
    const holder = await holdWriteLock(dbFile);
    // Reads answered after the save was sent: the server has the save, and it has not answered
    // while the lock is held, so it is waiting for the lock (no fixed sleep to guess that).
    const pending = sending('BUSY-THEN-SAVED');
    await readsWhilePending(pending, 3);
    expect(salesWithRef('BUSY-THEN-SAVED')).toBe(0);
    await holder.release();
    const reply = await pending.reply;
    expect(reply.status).toBe(200);
    expect(salesWithRef('BUSY-THEN-SAVED')).toBe(1);
  });
});
