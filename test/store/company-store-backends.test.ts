/**
 * Companies on both backends, each a new empty store: a company set up with its starting
 * reference data (ids worked out from the empty store), the same refusals in the same words,
 * the same profiles before and after a change of currency and tax number. On PostgreSQL, two
 * instances creating one name at the same time make one company.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { migratePostgres } from '../../src/store/postgres/migrate-postgres.js';
import { postgresCompanyStore, type PostgresCompanyStore } from '../../src/store/postgres/postgres-setup-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
let sqlite: Store;
let pools: pg.Pool[] = [];
let stores: PostgresCompanyStore[] = [];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'empty.db'));
  const url = await postgres.createDatabase();
  pools = [openPostgresPool(url), openPostgresPool(url)];
  await migratePostgres(pools[0]!);
  stores = [sqliteShopStore(sqlite), postgresCompanyStore(pools[0]!)];
}, 120_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await sqlite?.close();
  temp.remove();
});

const refusal = (call: Promise<unknown>) => call.then(() => undefined, (error: { kind?: string; message: string }) => `${error.kind}: ${error.message}`);
const both = <T>(call: (store: PostgresCompanyStore) => Promise<T>) => Promise.all(stores.map(call));

describe('companies on both backends', () => {
  it('set up a company with its shops, cashbooks and admin, and its settings as given', async () => {
    const created = await both((s) => s.setUpCompany({ name: ' Acme Phones ', shops: ['Moi Avenue', ' Kenyatta '], vatPercent: 18, currency: 'UGX', taxNumber: ' P051234567X ' }));
    const expected = {
      companyId: 1,
      shopIds: [1, 2],
      cashbookIds: [1, 2, 3],
      adminUserId: 1,
      settings: { id: 1, name: 'Acme Phones', timeZone: 'Africa/Nairobi', vatRateBp: 1800, address: null, phone: null, email: null, currency: 'UGX', taxNumber: 'P051234567X' },
    };
    expect(created).toEqual([expected, expected]);
    expect(JSON.stringify(created[1])).toBe(JSON.stringify(created[0]));
    const rates = await pools[0]!.query('select name, rate_bp from tax_rates where company_id = 1 order by id');
    expect(rates.rows).toEqual([{ name: 'VAT 18%', rate_bp: 1800n }, { name: 'Zero rated', rate_bp: 0n }]);
    expect(sqlite.sqlite.prepare('select name, rate_bp from tax_rates where company_id = 1 order by id').all()).toEqual([{ name: 'VAT 18%', rate_bp: 1800 }, { name: 'Zero rated', rate_bp: 0 }]);
  });

  it('refuse a second company of the same name and a bad set-up in the same words', async () => {
    expect(await both((s) => refusal(s.setUpCompany({ name: 'acme   PHONES' })))).toEqual([
      'conflict: company 1 is already named "Acme Phones"; give the new company another name',
      'conflict: company 1 is already named "Acme Phones"; give the new company another name',
    ]);
    const bad = await both((s) => refusal(s.setUpCompany({ name: 'Beta', timeZone: 'Mars/Olympus' })));
    expect(bad[0]).toMatch(/^badRequest: unknown time zone "Mars\/Olympus"/);
    expect(bad[1]).toBe(bad[0]);
  });

  it('give the same profiles before and after a change of currency and tax number', async () => {
    await both((s) => s.setUpCompany({ name: 'Beta Rentals', timeZone: 'Africa/Kampala' }));
    const changed = await both((s) => s.changeCompanyIdentity(2, { currency: 'KES', taxNumber: null }));
    expect(changed[1]).toEqual(changed[0]);
    expect(changed[0]).toMatchObject({ id: 2, currency: 'KES', taxNumber: null, timeZone: 'Africa/Kampala', vatRateBp: 1600 });
    const profiles = await both((s) => s.companyProfiles());
    expect(JSON.stringify(profiles[1])).toBe(JSON.stringify(profiles[0]));
    expect(profiles[0]!.map((p) => p.id)).toEqual([1, 2]);
    expect(await both((s) => refusal(s.changeCompanyIdentity(9, { currency: 'KES' })))).toEqual(['notFound: no company 9 in this store', 'notFound: no company 9 in this store']);
  });

  it('on PostgreSQL, make one company when two instances create one name at the same time', async () => {
    const [a, b] = pools.map((pool) => postgresCompanyStore(pool));
    const outcomes = await Promise.allSettled([a!.setUpCompany({ name: 'Gamma Shops' }), b!.setUpCompany({ name: 'gamma shops' })]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { kind: 'conflict' } });
    expect((await pools[0]!.query("select count(*)::int as n from companies where lower(name) = 'gamma shops'")).rows[0].n).toBe(1);
  });
});
