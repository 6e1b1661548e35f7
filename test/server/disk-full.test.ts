/**
 * A full disk: a save answers 507 naming the disk (never a bare 500), nothing of it is kept,
 * and the server saves again by itself once there is room. SQLite's max_page_count caps the
 * store's size on this connection, and SQLite answers SQLITE_FULL exactly as when the file
 * system says ENOSPC; it needs no mount, so it runs as any user.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { createToken } from '../helpers/sqlite-token.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { sqliteStoreOf } from '../../src/store/sqlite/sqlite-shop-store.js';

let server: RunningServer;
let token: string;
let refs: CompanyRefs;
const temp = makeTempDir();

beforeAll(async () => {
  const dbFile = join(temp.dir, 'full.db');
  const seeding = await openStore(dbFile);
  await seedDemo(seeding, { now: TEST_NOW });
  refs = companyRefs(seeding, 1);
  token = createToken(seeding, { companyId: 1, role: 'cashier', name: 'till' }).token;
  await seeding.close();
  server = await startServer({ dbFile, host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.close();
  temp.remove();
});

/** A sale with a long note, so that a few of them need new pages. */
const save = (refNo: string) =>
  fetch(new URL('/api/inventorycashsale/save', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(saleBody(refs, [accessoryLine(refs)], { over: { refNo, notes: 'n'.repeat(1000) } })),
  });
const count = (sql: string) => (sqliteStoreOf(server.store)!.sqlite.prepare(sql).get() as { n: number }).n;

describe('a store on a full disk', () => {
  it('answers 507 naming the disk, keeps nothing of the sale, and saves again once there is room', async () => {
    const pages = sqliteStoreOf(server.store)!.sqlite.pragma('page_count', { simple: true }) as number;
    const salesBefore = count('select count(*) as n from cash_sales');
    const receiptBefore = count('select receipt_seq as n from companies where id = 1');
    sqliteStoreOf(server.store)!.sqlite.pragma(`max_page_count = ${pages}`);
    let full: Response | undefined;
    for (let i = 0; i < 60 && full === undefined; i += 1) {
      const reply = await save(`FULL-${i}`);
      if (reply.status !== 200) full = reply;
    }
    expect(full?.status).toBe(507);
    const body = (await full!.json()) as { message: string; code: string };
    expect(body.code).toBe('INSUFFICIENT_STORAGE');
    expect(body.message).toMatch(/disk is full/);
    expect(body.message).toMatch(/nothing was saved/);
    const savedWhileFilling = count('select count(*) as n from cash_sales') - salesBefore;
    // Receipt numbers stay gap-free: the refused sale took none.
    expect(count('select receipt_seq as n from companies where id = 1')).toBe(receiptBefore + savedWhileFilling);
    // Reads go on.
    const list = await fetch(new URL('/api/inventorycashsale/list?companyId=1&start=0&limit=1', server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);

    sqliteStoreOf(server.store)!.sqlite.pragma('max_page_count = 1073741823');
    const again = await save('FULL-AFTER-ROOM');
    expect(again.status).toBe(200);
    expect(count("select count(*) as n from cash_sales where ref_no = 'FULL-AFTER-ROOM'")).toBe(1);
  });
});
