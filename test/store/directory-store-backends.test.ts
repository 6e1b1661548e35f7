/**
 * The directory area of the store interface (`local list`, the property reference of the pick
 * lists) on both backends over the same demo data: the same rows in the same order, the same
 * refusal of a company not in the store. Counts are checked against the tables themselves.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryStore, LocalListKind } from '../../src/store/directory-store.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { accessStoreOn } from '../../src/store/units/access.js';
import { directoryStoreOn } from '../../src/store/units/directory.js';
import { postgresShopStore } from '../../src/store/postgres/postgres-shop-store.js';
import type { OwnedTable } from '../../src/store/shop-store.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
let sqlite: Store;
let pool: pg.Pool;
let url = '';
let stores: DirectoryStore[] = [];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'shop.db'));
  await seedDemo(sqlite, { scale: 1, now: Date.UTC(2026, 10, 15, 9, 0, 0) });
  // A token and a landlord whose names sort differently by bytes than by a locale's rules.
  await sqliteShopStore(sqlite).createToken({ companyId: 1, role: 'cashier', name: 'till 1', now: 1 });
  sqlite.sqlite.prepare("insert into landlords (company_id, code, name) values (1, 'a-low', 'abc'), (1, 'Z-UP', 'Zed')").run();
  url = await postgres.createDatabase();
  pool = openPostgresPool(url);
  await copySqliteToPostgres(sqliteShopStore(sqlite), pool);
  stores = [sqliteShopStore(sqlite), directoryStoreOn(postgresEngine(pool), accessStoreOn(postgresEngine(pool)))];
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sqlite?.close();
  temp.remove();
});

const KINDS: LocalListKind[] = ['zones', 'officers', 'properties', 'landlords', 'shops', 'cashbooks', 'users', 'tokens'];

describe('the directory on both backends', () => {
  it.each(KINDS)('lists %s the same, of one company and of every company', async (kind) => {
    const [one, all] = [1, null].map(async (company) => (await Promise.all(stores.map((s) => s.localList(kind, company)))).map((rows) => JSON.stringify(rows)));
    const [sqliteOne, postgresOne] = await one!;
    const [sqliteAll, postgresAll] = await all!;
    expect(postgresOne).toBe(sqliteOne);
    expect(postgresAll).toBe(sqliteAll);
    expect(JSON.parse(sqliteOne!).length).toBeGreaterThan(0);
  });

  it('orders codes bytewise (upper case first), as SQLite does', async () => {
    const codes = ((await stores[1]!.localList('landlords', 1)) as { code: string }[]).map((l) => l.code);
    expect(codes.indexOf('Z-UP')).toBeLessThan(codes.indexOf('a-low'));
    const properties = sqlite.sqlite.prepare('select count(*) as n from properties where company_id = 1').get() as { n: number };
    expect(await stores[1]!.localList('properties', 1)).toHaveLength(properties.n);
  });

  it('refuses a company not in the store alike, and gives the same property reference', async () => {
    const refusals = await Promise.all(
      stores.map((s) =>
        s.localList('zones', 999).then(
          () => undefined,
          (e: { kind: string; message: string }) => `${e.kind}: ${e.message}`,
        ),
      ),
    );
    expect(refusals).toEqual(['notFound: no company 999 in the local store', 'notFound: no company 999 in the local store']);
    const [a, b] = await Promise.all(stores.map((s) => s.propertyReference(1)));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a!.properties.length).toBeGreaterThan(0);
  });
});

describe('ownership on both backends', () => {
  const TABLES: OwnedTable[] = [
    'retail_shops',
    'warehouses',
    'users',
    'cashbooks',
    'tax_rates',
    'payment_channels',
    'item_categories',
    'item_products',
    'item_specs',
    'cash_sales',
    'zones',
    'field_officers',
    'landlords',
    'properties',
    'services',
    'statements',
    'units',
    'tenants',
    'tenancies',
  ];

  it.each(TABLES)('names the owning company of a row of %s alike, and nobody for an id of nothing', async (table) => {
    const onPostgres = postgresShopStore(pool, url);
    const onSqlite = sqliteShopStore(sqlite);
    const last = (sqlite.sqlite.prepare(`select max(id) as id from ${table}`).get() as { id: number | null }).id ?? 0;
    for (const id of [1, last, last + 1000]) {
      const expected = (sqlite.sqlite.prepare(`select company_id from ${table} where id = ?`).get(id) as { company_id: number } | undefined)?.company_id;
      expect(await onSqlite.ownerOf(table, id)).toBe(expected);
      expect(await onPostgres.ownerOf(table, id)).toBe(expected);
    }
  });

  it('knows which companies exist, and names its database without the password', async () => {
    const store = postgresShopStore(pool, 'postgres://shop:secret@db.example.com/shop');
    expect([await store.companyExists(1), await store.companyExists(2), await store.companyExists(99)]).toEqual([true, true, false]);
    expect(store.location).toBe('postgres://shop:***@db.example.com/shop');
  });
});
