/**
 * The sales area of the store interface, the same tests on both backends: SQLite (the file the
 * server runs on) and PostgreSQL (the test run's server), each holding the same demo data (the
 * SQLite file copied by `local copy`'s code before any test writes). Expected figures come from
 * the data itself (the company's receipt sequence, counts of rows), never from the code under test.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresSalesStore } from '../../src/store/postgres/postgres-sales-store.js';
import type { SalesStore } from '../../src/store/sales-store.js';
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
let pool: pg.Pool;
let refs: CompanyRefs;

/** What a test asks of a backend: its interface, and plain reads of its rows to check against. */
interface Backend {
  name: string;
  store: SalesStore;
  one(sql: string, ...params: unknown[]): Promise<number>;
}

const backends: Backend[] = [
  {
    name: 'SQLite',
    get store() {
      return sqliteShopStore(sqlite);
    },
    one: async (sql, ...params) => Number(Object.values(sqlite.sqlite.prepare(sql.replace(/\$\d+/g, '?')).get(...params) as object)[0]),
  },
  {
    name: 'PostgreSQL',
    get store() {
      return postgresSalesStore(pool);
    },
    one: async (sql, ...params) => Number(Object.values((await pool.query(sql, params)).rows[0] as object)[0]),
  },
];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'shop.db'));
  await seedDemo(sqlite, { scale: 1, now: NOW });
  refs = companyRefs(sqlite, COMPANY);
  pool = openPostgresPool(await postgres.createDatabase(), { max: 8 });
  await copySqliteToPostgres(sqliteShopStore(sqlite), pool);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sqlite?.close();
  temp.remove();
});

const receiptSeq = (backend: Backend) => backend.one('select receipt_seq as n from companies where id = $1', COMPANY);
const receiptNo = (seq: number) => `R${String(seq).padStart(6, '0')}`;

/** The same call on both backends: the two replies, as the bytes a route would send. */
async function onBoth<T>(call: (store: SalesStore) => Promise<T>): Promise<[string, string, T]> {
  const [a, b] = await Promise.all(backends.map((backend) => call(backend.store)));
  return [JSON.stringify(a), JSON.stringify(b), a!];
}

describe('the sale lists', () => {
  it('are the same on both backends byte for byte: first page, a deep page, a keyset page, a shop and a sales person whole', async () => {
    const companySales = await backends[0]!.one('select count(*) as n from cash_sales where company_id = $1', COMPANY);
    expect(companySales).toBeGreaterThan(200);
    const [sqliteFirst, postgresFirst, first] = await onBoth((s) => s.listCashSales({ companyId: COMPANY, start: 0, limit: 50 }));
    expect(postgresFirst).toBe(sqliteFirst);
    expect(first.count).toBe(companySales);
    expect(first.list).toHaveLength(50);
    const deep = await onBoth((s) => s.listCashSales({ companyId: COMPANY, start: 130, limit: 40 }));
    expect(deep[1]).toBe(deep[0]);
    const [afterDate, afterId] = first.nextAfter!.split('.').map(Number);
    const seek = await onBoth((s) => s.listCashSales({ companyId: COMPANY, afterDate, afterId, limit: 50 }));
    expect(seek[1]).toBe(seek[0]);
    expect(JSON.parse(seek[2].list[0]!)).toEqual(JSON.parse((await backends[0]!.store.listCashSales({ companyId: COMPANY, start: 50, limit: 1 })).list[0]!));
    const shop = await onBoth((s) => s.listCashSales({ retailShopId: refs.shopId }));
    expect(shop[1]).toBe(shop[0]);
    expect(shop[2].count).toBe(await backends[0]!.one('select count(*) as n from cash_sales where retail_shop_id = $1', refs.shopId));
    const person = await onBoth((s) => s.listCashSales({ salesPersonId: refs.userId, start: 3, limit: 20 }));
    expect(person[1]).toBe(person[0]);
  });

  it('list sale items the same on both backends: by company, product, category and shop, paged and after a record', async () => {
    const [sqliteItems, postgresItems, items] = await onBoth((s) => s.listSaleItems({ companyId: COMPANY, start: 0, limit: 60 }));
    expect(postgresItems).toBe(sqliteItems);
    expect(items.count).toBe(await backends[0]!.one('select count(*) as n from cash_sale_lines where company_id = $1', COMPANY));
    const byProduct = await onBoth((s) => s.listSaleItems({ companyId: COMPANY, itemId: refs.accessory.id }));
    expect(byProduct[1]).toBe(byProduct[0]);
    expect(byProduct[2].list.length).toBeGreaterThan(0);
    const category = JSON.parse(items.list[0]!).itemProductCatId as number;
    const byCategory = await onBoth((s) => s.listSaleItems({ companyId: COMPANY, itemCategoryId: category, retailShopId: refs.shopId, start: 2, limit: 10 }));
    expect(byCategory[1]).toBe(byCategory[0]);
    const [afterDate, afterId] = items.nextAfter!.split('.').map(Number);
    const seek = await onBoth((s) => s.listSaleItems({ companyId: COMPANY, afterDate, afterId, limit: 25 }));
    expect(seek[1]).toBe(seek[0]);
  });
});

describe('the till look-ups', () => {
  it('sale payments, a unit by its IMEI and the reference data are the same on both backends', async () => {
    const saleIds = Array.from({ length: 40 }, (_, i) => i + 1);
    const payments = await onBoth((s) => s.salePayments(COMPANY, saleIds));
    expect(payments[1]).toBe(payments[0]);
    expect(payments[2].length).toBeGreaterThanOrEqual(
      await backends[0]!.one('select count(*) as n from cash_sales where company_id = $1 and id <= 40 and amount_paid_cents > 0', COMPANY),
    );
    const sold = sqlite.sqlite
      .prepare("select imei1 from item_specs where company_id = ? and status = 'sold' and imei1 is not null order by id limit 1")
      .get(COMPANY) as { imei1: string };
    const unit = await onBoth((s) => s.unitsByIdentifier(COMPANY, ` ${sold.imei1} `));
    expect(unit[1]).toBe(unit[0]);
    expect(unit[2][0]!.sale).not.toBeNull();
    const unitIds = [...unitsInStock(sqlite, COMPANY, 3, 10).map((u) => u.id), 999_999, 2];
    const reference = await onBoth((s) => s.referenceData(COMPANY, unitIds));
    expect(reference[1]).toBe(reference[0]);
    expect(reference[2]!.products.length).toBeGreaterThan(0);
    expect(await backends[1]!.store.referenceData(999_999, [])).toBeUndefined();
  });
});

describe('the receipt list', () => {
  it('is the same on both backends, record for record and byte for byte, paged and whole', async () => {
    const [onSqlite, onPostgres] = await Promise.all(backends.map((b) => b.store.receiptSpecs({ companyId: COMPANY, start: 0, limit: 25 })));
    expect(onSqlite!.list).toHaveLength(25);
    expect(JSON.stringify(onPostgres)).toBe(JSON.stringify(onSqlite));
    const inStock = await backends[0]!.one("select count(*) as n from item_specs where company_id = $1 and status = 'in_stock'", COMPANY);
    expect(onSqlite!.count).toBe(inStock);
    const next = await Promise.all(backends.map((b) => b.store.receiptSpecs({ companyId: COMPANY, afterId: Number(onSqlite!.nextAfter), limit: 10 })));
    expect(JSON.stringify(next[1])).toBe(JSON.stringify(next[0]));
    expect(next[0]!.list[0]!.id).toBeGreaterThan(onSqlite!.list.at(-1)!.id);
  });
});

describe.each(backends)('saves on $name', (backend) => {
  // Each backend sells its own units: the two stores were equal at the start and drift apart as they save.
  const unitOffset = backend.name === 'SQLite' ? 0 : 40;

  it('saves a sale with the next receipt number, marks its unit sold, and answers a key sent again with the first result', async () => {
    const before = await receiptSeq(backend);
    const [unit] = unitsInStock(sqlite, COMPANY, 1, unitOffset);
    const body = saleBody(refs, [unitLine(unit!), accessoryLine(refs, 2)], { over: { refNo: `KEY-${backend.name}` } });
    const first = await backend.store.saveCashSale({ body, idempotencyKey: `key-${backend.name}`, callerCompanyId: COMPANY, now: NOW });
    expect(first).toEqual({ id: expect.any(Number), receiptNo: receiptNo(before + 1), replayed: false });
    expect(await backend.one("select count(*) as n from item_specs where id = $1 and status = 'sold'", unit!.id)).toBe(1);
    expect(await backend.one('select count(*) as n from cash_sale_lines where sale_id = $1', first.id)).toBe(2);

    const again = await backend.store.saveCashSale({ body, idempotencyKey: `key-${backend.name}`, callerCompanyId: COMPANY, now: NOW + 1000 });
    expect(again).toEqual({ id: first.id, receiptNo: first.receiptNo, replayed: true });
    expect(await receiptSeq(backend)).toBe(before + 1);

    const other = saleBody(refs, [accessoryLine(refs, 3)]);
    await expect(backend.store.saveCashSale({ body: other, idempotencyKey: `key-${backend.name}`, callerCompanyId: COMPANY, now: NOW })).rejects.toMatchObject({
      kind: 'invalidInput',
      message: expect.stringMatching(/already used for a different request/),
    });
    expect(await receiptSeq(backend)).toBe(before + 1);
  });

  it('sells a serialised unit once when several sales offer it at the same time, naming the sale that took it, and keeps receipt numbers gap-free', async () => {
    const before = await receiptSeq(backend);
    const [unit] = unitsInStock(sqlite, COMPANY, 1, unitOffset + 5);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        backend.store.saveCashSale({ body: saleBody(refs, [unitLine(unit!)], { over: { refNo: `RACE-${i}` } }), callerCompanyId: COMPANY, now: NOW }),
      ),
    );
    const saved = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        kind: 'invalidInput',
        message: expect.stringMatching(new RegExp(`unit ${unit!.id}.*already sold: receipt ${receiptNo(before + 1)}`)),
      });
    expect(await backend.one('select count(*) as n from cash_sale_lines where item_spec_id = $1', unit!.id)).toBe(1);
    expect(await receiptSeq(backend)).toBe(before + 1);
  });

  it('numbers concurrent sales without a gap or a repeat', async () => {
    const before = await receiptSeq(backend);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        backend.store.saveCashSale({ body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: `SEQ-${i}` } }), callerCompanyId: COMPANY, now: NOW }),
      ),
    );
    const numbers = results.map((r) => r.receiptNo).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => receiptNo(before + 1 + i)));
    expect(await backend.one("select count(*) as n from cash_sales where company_id = $1 and ref_no like 'SEQ-%'", COMPANY)).toBe(12);
  });

  it('refuses every problem of a sale at once and saves nothing of it', async () => {
    const before = await receiptSeq(backend);
    const body = saleBody(refs, [accessoryLine(refs)], { over: { retailShopId: 999_999, totalAmount: 1 } });
    await expect(backend.store.saveCashSale({ body, callerCompanyId: COMPANY, now: NOW })).rejects.toMatchObject({
      kind: 'invalidInput',
      message: expect.stringMatching(/retailShopId: no retailShop 999999/),
    });
    await expect(backend.store.saveCashSale({ body: saleBody(refs, [accessoryLine(refs)]), callerCompanyId: 2, now: NOW })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(await receiptSeq(backend)).toBe(before);
  });
});
