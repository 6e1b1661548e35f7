/**
 * Another process holds the store's write lock: reads keep being served at once, the event loop
 * never stops, a save waits for the lock without blocking anything and answers 503 with
 * Retry-After (nothing saved) if the lock does not come in time.
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

const LOCK_WAIT_MS = 2500;
/** Far below the lock wait (a blocked loop stalls for all of it), far above a loaded machine's jitter. */
const MAX_STALL_MS = 1000;

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
  server = await startServer({ dbFile, host: '127.0.0.1', port: 0, lockWaitMs: LOCK_WAIT_MS });
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

/** The longest the event loop went without running a 10 ms timer, while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('a store whose write lock another process holds', () => {
  it('answers a save 503 with Retry-After naming the cause once the wait runs out, serving reads and never stalling meanwhile', async () => {
    const holder = await holdWriteLock(dbFile);
    try {
      let readTimes: number[] = [];
      let saved: Response | undefined;
      const stall = await longestStall(async () => {
        const saving = save('BUSY-REFUSED');
        const started = performance.now();
        readTimes = [];
        // Reads while the save waits: each is served at once.
        while (performance.now() - started < LOCK_WAIT_MS - MAX_STALL_MS) {
          const t0 = performance.now();
          const reply = await list();
          expect(reply.status).toBe(200);
          await reply.arrayBuffer();
          readTimes.push(performance.now() - t0);
        }
        saved = await saving;
      });
      expect(readTimes.length).toBeGreaterThan(3);
      expect(Math.max(...readTimes)).toBeLessThan(MAX_STALL_MS);
      expect(stall).toBeLessThan(MAX_STALL_MS);
      expect(saved!.status).toBe(503);
      expect(saved!.headers.get('retry-after')).toMatch(/^\d+$/);
      const body = (await saved!.json()) as { message: string; code: string };
      expect(body.code).toBe('BUSY');
      expect(body.message).toMatch(/write lock/);
      expect(body.message).toMatch(/nothing was saved/);
    } finally {
      await holder.release();
    }
    expect(salesWithRef('BUSY-REFUSED')).toBe(0);
  });

  it('saves once the lock is released within the wait, exactly once', async () => {
    const holder = await holdWriteLock(dbFile);
    let settled = false;
    const saving = save('BUSY-THEN-SAVED').finally(() => (settled = true));
    // Reads answered after the save was sent: the server has the save, and it has not answered
    // while the lock is held, so it is waiting for the lock (no fixed sleep to guess that).
    for (let i = 0; i < 3; i++) expect((await list()).status).toBe(200);
    expect(settled).toBe(false);
    expect(salesWithRef('BUSY-THEN-SAVED')).toBe(0);
    await holder.release();
    const reply = await saving;
    expect(reply.status).toBe(200);
    expect(salesWithRef('BUSY-THEN-SAVED')).toBe(1);
  });
});
