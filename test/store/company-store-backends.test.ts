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
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { setupStoreOn } from '../../src/store/units/setup.js';
import type { SetupStore } from '../../src/store/setup-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
let sqlite: Store;
let pools: pg.Pool[] = [];
let stores: SetupStore[] = [];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'empty.db'));
  const url = await postgres.createDatabase();
  pools = [openPostgresPool(url), openPostgresPool(url)];
  await migratePostgres(pools[0]!);
  stores = [sqliteShopStore(sqlite), setupStoreOn(postgresEngine(pools[0]!))];
}, 120_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await sqlite?.close();
  temp.remove();
});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: { kind?: string; message: string }) => `${error.kind}: ${error.message}`,
  );
const both = <T>(call: (store: SetupStore) => Promise<T>) => Promise.all(stores.map(call));

describe('companies on both backends', () => {
  it('set up a company with its shops, cashbooks and admin, and its settings as given', async () => {
    const created = await both((s) =>
      s.setUpCompany({ name: ' Acme Phones ', shops: ['Moi Avenue', ' Kenyatta '], vatPercent: 18, currency: 'UGX', taxNumber: ' P051234567X ' }),
    );
    const expected = {
      companyId: 1,
      shopIds: [1, 2],
      cashbookIds: [1, 2, 3],
      adminUserId: 1,
      settings: {
        id: 1,
        name: 'Acme Phones',
        timeZone: 'Africa/Nairobi',
        vatRateBp: 1800,
        address: null,
        phone: null,
        email: null,
        currency: 'UGX',
        taxNumber: 'P051234567X',
      },
    };
    expect(created).toEqual([expected, expected]);
    expect(JSON.stringify(created[1])).toBe(JSON.stringify(created[0]));
    const rates = await pools[0]!.query('select name, rate_bp from tax_rates where company_id = 1 order by id');
    expect(rates.rows).toEqual([
      { name: 'VAT 18%', rate_bp: 1800n },
      { name: 'Zero rated', rate_bp: 0n },
    ]);
    expect(sqlite.sqlite.prepare('select name, rate_bp from tax_rates where company_id = 1 order by id').all()).toEqual([
      { name: 'VAT 18%', rate_bp: 1800 },
      { name: 'Zero rated', rate_bp: 0 },
    ]);
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
    expect(await both((s) => refusal(s.changeCompanyIdentity(9, { currency: 'KES' })))).toEqual([
      'notFound: no company 9 in this store',
      'notFound: no company 9 in this store',
    ]);
  });

  it("change a shop's address and phone alike (the phone kept in E.164), and refuse the same changes in the same words", async () => {
    const set = await both((s) => s.changeShopDetails(1, 2, { address: '  Kenyatta Avenue 3, Nairobi ', phone: '0722 555-010' }));
    const shop = { id: 2, companyId: 1, name: 'Kenyatta', location: 'Kenyatta Avenue 3, Nairobi', phone: '+254722555010', unitsInStock: 0 };
    expect(set).toEqual([shop, shop]);
    // Given alone, one field leaves the other as it was; another country's number is kept with its code.
    const phoned = await both((s) => s.changeShopDetails(1, 2, { phone: '+256 772 123456' }));
    expect(phoned).toEqual([
      { ...shop, phone: '+256772123456' },
      { ...shop, phone: '+256772123456' },
    ]);
    const removed = await both((s) => s.changeShopDetails(1, 2, { address: null, phone: null }));
    expect(removed).toEqual([
      { ...shop, location: null, phone: null },
      { ...shop, location: null, phone: null },
    ]);
    const refused = async (companyId: number, shopId: number, changes: Parameters<SetupStore['changeShopDetails']>[2]) => {
      const words = await both((s) => refusal(s.changeShopDetails(companyId, shopId, changes)));
      expect(words[1]).toBe(words[0]);
      return words[0];
    };
    // Shop 3 is company 2's (Beta Rentals' Main shop).
    expect(await refused(1, 3, { phone: '0722555010' })).toBe('notFound: no shop 3 in company 1; `shopprop local list shops` lists them');
    expect(await refused(1, 2, { phone: 'abc' })).toMatch(/^badRequest: the phone "abc" is not a phone number/);
    expect(await refused(1, 2, { phone: ' ' })).toMatch(/^badRequest: the phone is empty/);
    expect(await refused(1, 2, { address: '' })).toMatch(/^badRequest: the address is empty/);
    expect(await refused(1, 2, { address: 'Moi Avenue\n12' })).toMatch(/^badRequest: the address holds a control character/);
    expect(await refused(1, 2, { address: 'x'.repeat(121) })).toBe('badRequest: the address is 121 characters long: at most 120');
    expect(await both((s) => s.changeShopDetails(2, 3, { address: 'Kampala Road 1' }))).toEqual([
      expect.objectContaining({ id: 3, companyId: 2, location: 'Kampala Road 1', phone: null }),
      expect.objectContaining({ id: 3, companyId: 2, location: 'Kampala Road 1', phone: null }),
    ]);
  });

  it('import products and serialised units alike, and refuse a bad units file with the same problems, writing nothing', async () => {
    const products =
      'code,name,category,price,cost,taxRate,taxIncExc\nPH-A15,Phone A15,Phones,"18,500.00",15000,18,1\nCB-C,USB-C cable,Accessories,450.50,200,0,0\n';
    expect(await both((s) => s.importProducts(1, products))).toEqual([
      { products: 2, categoriesCreated: 2 },
      { products: 2, categoriesCreated: 2 },
    ]);
    const units =
      'productCode,serialNo,imei1,warehouse,salePrice\nph-a15,SN1,356938035643809,moi avenue store,\nPH-A15,SN2,356938035643817,Kenyatta store,19000\nPH-A15,,356938035643825,,\n';
    expect(await both((s) => s.importItemSpecs(1, units))).toEqual([{ units: 3 }, { units: 3 }]);
    const bad = 'productCode,serialNo,imei1,shop\nPH-A15,SN9,356938035643809,\nPH-X,SN10,12345,Moi Avenu\n';
    const refusals = await both((s) => refusal(s.importItemSpecs(1, bad)));
    expect(refusals[1]).toBe(refusals[0]);
    expect(refusals[0]).toMatch(/356938035643809 is already an identifier of unit 1/);
    expect(refusals[0]).toMatch(/no product with code PH-X/);
    expect(refusals[0]).toMatch(/no shop named Moi Avenu/);
    expect(await both((s) => refusal(s.importProducts(7, products)))).toEqual([
      'usage: product file refused, nothing imported (1 problem):\n  line 0: no company 7',
      'usage: product file refused, nothing imported (1 problem):\n  line 0: no company 7',
    ]);
    const columns = 'id, company_id, product_id, serial_no, imei1, imei2, purchase_price_cents, sale_price_cents, warehouse_id, shop_id, status';
    const onSqlite = sqlite.sqlite.prepare(`select ${columns} from item_specs order by id`).all();
    const onPostgres = (await pools[0]!.query(`select ${columns} from item_specs order by id`)).rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
    );
    expect(onPostgres).toEqual(onSqlite);
    expect(onSqlite).toHaveLength(3);
    expect(onSqlite[1]).toMatchObject({ sale_price_cents: 1_900_000, purchase_price_cents: 1_500_000, warehouse_id: 2, shop_id: 2 });
  });

  it('on PostgreSQL, make one company when two instances create one name at the same time', async () => {
    const [a, b] = pools.map((pool) => setupStoreOn(postgresEngine(pool)));
    const outcomes = await Promise.allSettled([a!.setUpCompany({ name: 'Gamma Shops' }), b!.setUpCompany({ name: 'gamma shops' })]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { kind: 'conflict' } });
    expect((await pools[0]!.query("select count(*)::int as n from companies where lower(name) = 'gamma shops'")).rows[0].n).toBe(1);
  });
});
