/**
 * `shopprop demo` on both backends: for the same seed, scale and "now", a PostgreSQL database
 * holds the same rows as a SQLite file, table by table (row counts and content digests, read
 * the same way from both: table-digests.ts), and the PostgreSQL store goes on from there as a
 * store does (its identities past the demo's ids). Demo data goes into an empty store only.
 */
import { join } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { createPostgresDemo } from '../../src/store/postgres/postgres-demo.js';
import { postgresShopStore } from '../../src/store/postgres/postgres-shop-store.js';
import { postgresTableDigest, sqliteTableDigest, sqliteTableLayout } from '../../src/store/postgres/table-digests.js';
import { createDemoFile, type DemoSummary } from '../../src/store/sqlite/demo/demo-file.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const OPTIONS = { scale: 1, seed: 4242, now: Date.UTC(2026, 10, 20, 8, 30, 0) };

let sqlite: Store;
let pool: pg.Pool;
let onSqlite: DemoSummary;
let onPostgres: DemoSummary;

beforeAll(async () => {
  const file = join(temp.dir, 'demo.db');
  onSqlite = await createDemoFile(file, OPTIONS);
  sqlite = await openStore(file);
  pool = openPostgresPool(await postgres.createDatabase());
  onPostgres = await createPostgresDemo(pool, 'postgres://test/demo', OPTIONS);
}, 180_000);
afterAll(async () => {
  await pool?.end();
  await sqlite?.close();
  temp.remove();
});

/** Every table of the SQLite store but the migration bookkeeping, which each backend keeps its own way. */
function demoTables(db: SqliteDatabase.Database): string[] {
  return (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !name.startsWith('schema_migrations'));
}

describe('the demo on PostgreSQL', () => {
  it('holds the same rows as the demo on SQLite for the same seed, table by table', async () => {
    expect(onPostgres).toEqual(onSqlite);
    const tables = demoTables(sqlite.sqlite);
    expect(tables).toEqual(expect.arrayContaining(['companies', 'cash_sales', 'item_specs', 'receipts', 'statements', 'ledger_months']));
    const client = await pool.connect();
    const differing: string[] = [];
    let rows = 0;
    try {
      await client.query('begin isolation level repeatable read read only');
      for (const table of tables) {
        const layout = sqliteTableLayout(sqlite.sqlite, table);
        const expected = sqliteTableDigest(sqlite.sqlite, layout);
        const actual = await postgresTableDigest(client, layout);
        rows += expected.rows;
        if (actual.rows !== expected.rows || actual.sha256 !== expected.sha256)
          differing.push(`${table}: ${expected.rows} rows on SQLite, ${actual.rows} on PostgreSQL`);
      }
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(differing).toEqual([]);
    // Counted on the SQLite file apart from the summary: the demo is not empty.
    expect(rows).toBeGreaterThan(10_000);
    expect(onSqlite.sales).toBe((sqlite.sqlite.prepare('select count(*) as n from cash_sales where company_id = 1').get() as { n: number }).n);
  });

  it("goes on as a store: new companies, tokens and products get ids after the demo's", async () => {
    const store = postgresShopStore(pool, 'postgres://test/demo');
    const setup = store;
    const access = store;
    const maxId = (table: string) => (sqlite.sqlite.prepare(`select max(id) as n from ${table}`).get() as { n: number }).n;
    const company = await setup.setUpCompany({ name: 'After The Demo' });
    expect(company.companyId).toBe(maxId('companies') + 1);
    expect(company.adminUserId).toBe(maxId('users') + 1);
    const token = await access.createToken({ companyId: 1, role: 'cashier', name: 'Demo till' });
    expect(await access.tokenUser(token.token, Date.now())).toMatchObject({ companyId: 1, role: 'cashier' });
    await setup.importProducts(1, 'code,name,category,price,cost,taxRate,taxIncExc\nNEW-1,New phone,New things,100,50,16,1\n');
    expect(Number((await pool.query("select id from item_products where code = 'NEW-1'")).rows[0].id)).toBe(maxId('item_products') + 1);
    expect(await setup.ownerOf('item_specs', maxId('item_specs'))).toBe(
      sqlite.sqlite.prepare('select company_id from item_specs order by id desc limit 1').pluck().get(),
    );
  });

  it('is refused, as a usage error, in a database that holds data', async () => {
    await expect(createPostgresDemo(pool, 'postgres://test/demo', OPTIONS)).rejects.toMatchObject({
      kind: 'usage',
      message: 'the store postgres://test/demo already holds data; demo data goes into an empty store',
    });
  });
});
