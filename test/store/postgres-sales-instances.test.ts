/**
 * The sales area on one PostgreSQL database used by two instances at once (two pools, as two
 * `serve` processes would hold): a retry that reaches the other instance returns the first
 * result, a unit offered to both is sold once, receipt numbers stay gap-free, and a connection
 * killed mid-save is refused as busy (503), never an internal error; sent again with its key, the
 * sale is saved exactly once. Figures are checked by reading the tables, not through the store.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresSalesStore } from '../../src/store/postgres/postgres-sales-store.js';
import type { SalesStore, SaveCashSaleInput, SaveCashSaleResult } from '../../src/store/sales-store.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const NOW = Date.UTC(2026, 10, 15, 9, 0, 0);
const COMPANY = 1;

let sqlite: Store;
let refs: CompanyRefs;
let url = '';
let pools: pg.Pool[] = [];
/** The test's own connections, for reading the tables and holding a lock. */
let admin: pg.Pool;
let instances: SalesStore[] = [];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'shop.db'));
  await seedDemo(sqlite, { scale: 1, now: NOW });
  refs = companyRefs(sqlite, COMPANY);
  url = await postgres.createDatabase();
  const setup = openPostgresPool(url, { max: 1 });
  await copySqliteToPostgres(sqliteShopStore(sqlite), setup);
  await setup.end();
  // Each instance names its connections, so a test can find and kill one instance's.
  const named = (name: string) => {
    const address = new URL(url);
    address.searchParams.set('application_name', name);
    return address.toString();
  };
  pools = [openPostgresPool(named('instance-a'), { max: 4 }), openPostgresPool(named('instance-b'), { max: 4 })];
  instances = pools.map((pool) => postgresSalesStore(pool));
  admin = openPostgresPool(url, { max: 3 });
}, 120_000);
afterAll(async () => {
  await Promise.all([...pools, admin].map((pool) => pool?.end()));
  await sqlite?.close();
  temp.remove();
});

const count = async (sql: string, ...params: unknown[]) => Number(Object.values((await admin.query(sql, params)).rows[0] as object)[0]);
const receiptSeq = () => count('select receipt_seq as n from companies where id = $1', COMPANY);

/** Receipt numbers R000001.. from `first`, as many as `n`. */
const receipts = (first: number, n: number) => Array.from({ length: n }, (_, i) => `R${String(first + i).padStart(6, '0')}`);

describe('two instances on one PostgreSQL database', () => {
  it('answer a retry on the other instance with the first result, sell a unit offered to both once, and number receipts without a gap', async () => {
    const before = await receiptSeq();
    const sales = Array.from({ length: 20 }, (_, i) => ({ key: `cross-${i}`, body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: `CROSS-${i}` } }) }));
    // Each sale sent to one instance and, at the same moment, retried on the other.
    const answers = await Promise.all(
      sales.flatMap(({ key, body }, i) =>
        [0, 1].map((side) => instances[(i + side) % 2]!.saveCashSale({ body, idempotencyKey: key, callerCompanyId: COMPANY, now: NOW })),
      ),
    );
    for (let i = 0; i < sales.length; i++) {
      const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(a.id).toBe(b.id);
      expect(a.receiptNo).toBe(b.receiptNo);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    }
    expect(await count("select count(*) as n from cash_sales where company_id = $1 and ref_no like 'CROSS-%'", COMPANY)).toBe(20);

    const units = unitsInStock(sqlite, COMPANY, 5, 0);
    const offers = await Promise.allSettled(
      units.flatMap((unit, i) =>
        [0, 1].map((side) =>
          instances[side]!.saveCashSale({
            body: saleBody(refs, [unitLine(unit)], { over: { refNo: `IMEI-${i}-${side}` } }),
            callerCompanyId: COMPANY,
            now: NOW,
          }),
        ),
      ),
    );
    for (let i = 0; i < units.length; i++) {
      const pair = [offers[2 * i]!, offers[2 * i + 1]!];
      expect(pair.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(pair.find((o) => o.status === 'rejected')).toMatchObject({ reason: { kind: 'invalidInput', message: expect.stringMatching(/already sold/) } });
      expect(await count('select count(*) as n from cash_sale_lines where item_spec_id = $1', units[i]!.id)).toBe(1);
    }

    const numbers = (await admin.query('select receipt_no from cash_sales where company_id = $1 order by receipt_no', [COMPANY])).rows.map(
      (r) => r.receipt_no as string,
    );
    expect(numbers.slice(-25)).toEqual(receipts(before + 1, 25));
    expect(await receiptSeq()).toBe(before + 25);
  });

  it('refuse a save whose connection is killed as busy, never an internal error, and save it once when it is sent again with its key', async () => {
    const before = await receiptSeq();
    const input = (i: number): SaveCashSaleInput => ({
      body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: `KILL-${i}` } }),
      idempotencyKey: `kill-${i}`,
      callerCompanyId: COMPANY,
      now: NOW,
    });
    // Another transaction holds the company's row: instance A's saves queue behind it, in flight.
    const locker = await admin.connect();
    await locker.query('begin');
    await locker.query('select id from companies where id = $1 for update', [COMPANY]);
    const sent = Array.from({ length: 40 }, (_, i) =>
      instances[0]!.saveCashSale(input(i)).then(
        (result) => ({ i, result }),
        (error: unknown) => ({ i, error }),
      ),
    );
    const waiting = () => count("select count(*) as n from pg_stat_activity where application_name = 'instance-a' and wait_event_type = 'Lock'");
    for (let tries = 0; (await waiting()) < 4 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    const killed = await locker.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'instance-a'");
    await locker.query('commit');
    locker.release();
    const outcomes = await Promise.all(sent);
    const failed = outcomes.filter((o): o is { i: number; error: unknown } => 'error' in o);
    for (const { error } of failed) expect(error).toMatchObject({ kind: 'busy' });
    // The client keeps a refused sale and sends it again with its key, here to the other instance.
    const acknowledged = new Map<number, SaveCashSaleResult>(outcomes.flatMap((o) => ('result' in o ? [[o.i, o.result] as const] : [])));
    for (const { i } of failed) acknowledged.set(i, await instances[1]!.saveCashSale(input(i)));
    for (let i = 0; i < 40; i++) {
      expect(await count('select count(*) as n from cash_sales where company_id = $1 and idempotency_key = $2', COMPANY, `kill-${i}`)).toBe(1);
      expect(await count('select id as n from cash_sales where company_id = $1 and idempotency_key = $2', COMPANY, `kill-${i}`)).toBe(acknowledged.get(i)!.id);
    }
    expect(await receiptSeq()).toBe(before + 40);
    const numbers = (
      await admin.query("select receipt_no from cash_sales where company_id = $1 and ref_no like 'KILL-%' order by receipt_no", [COMPANY])
    ).rows.map((r) => r.receipt_no as string);
    expect(numbers).toEqual(receipts(before + 1, 40));
    expect(killed.rowCount).toBe(4);
    expect(failed.length).toBeGreaterThanOrEqual(4);
  });
});
