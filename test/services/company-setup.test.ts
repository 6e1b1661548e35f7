import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameCompanyName } from '../../src/store/rules/company-setup-rules.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import type { CompanySetup } from '../../src/store/setup-store.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const setUpCompany = (store: Store, setup: CompanySetup) => sqliteShopStore(store).setUpCompany(setup);

describe('setting up a company in the local store', () => {
  const temp = makeTempDir();
  let store: Store;
  beforeAll(async () => {
    store = await openStore(join(temp.dir, 'setup.db'));
  });
  afterAll(async () => {
    await store.close();
    temp.remove();
  });

  it('creates shops with warehouses, cashbooks, the three channels and two tax rates', async () => {
    const created = await setUpCompany(store, { name: 'Acme', shops: ['Town', ' Mall '], vatPercent: 8 });
    const q = (sql: string) => store.sqlite.prepare(sql).all(created.companyId);
    expect(q('select name from retail_shops where company_id = ? order by id')).toEqual([{ name: 'Town' }, { name: 'Mall' }]);
    expect(q('select count(*) as n from warehouses where company_id = ?')).toEqual([{ n: 2 }]);
    expect(q('select method from payment_channels where company_id = ? order by id')).toEqual([{ method: 'CASH' }, { method: 'MPESA' }, { method: 'CHECK' }]);
    expect(q('select rate_bp from tax_rates where company_id = ? order by id')).toEqual([{ rate_bp: 800 }, { rate_bp: 0 }]);
    expect(q('select vat_rate_bp, time_zone from companies where id = ?')).toEqual([{ vat_rate_bp: 800, time_zone: 'Africa/Nairobi' }]);
  });

  it('keeps the currency and the trimmed tax number it is given; KES and none by default', async () => {
    const given = await setUpCompany(store, { name: 'Kampala Homes', currency: 'UGX', taxNumber: ' 1000123456 ' });
    expect(given.settings).toMatchObject({ currency: 'UGX', taxNumber: '1000123456' });
    const plain = await setUpCompany(store, { name: 'Plain Homes' });
    expect(plain.settings).toMatchObject({ currency: 'KES', taxNumber: null });
    const before = store.sqlite.prepare('select count(*) as n from companies').get();
    await expect(setUpCompany(store, { name: 'Y', currency: 'ZZZ' })).rejects.toThrow(/not a known ISO 4217 code/);
    await expect(setUpCompany(store, { name: 'Y', taxNumber: 'PIN\n123' })).rejects.toThrow(/may hold only letters/);
    expect(store.sqlite.prepare('select count(*) as n from companies').get()).toEqual(before);
  });

  it('refuses a blank name, an unknown zone, a VAT outside 0..100 and no shops, writing nothing', async () => {
    const before = store.sqlite.prepare('select count(*) as n from companies').get();
    await expect(setUpCompany(store, { name: '  ' })).rejects.toThrow(/name/);
    await expect(setUpCompany(store, { name: 'X', timeZone: 'Mars/Olympus' })).rejects.toThrow(/time zone/);
    await expect(setUpCompany(store, { name: 'X', vatPercent: 120 })).rejects.toThrow(/VAT/);
    await expect(setUpCompany(store, { name: 'X', vatPercent: Number.NaN })).rejects.toThrow(/VAT/);
    await expect(setUpCompany(store, { name: 'X', shops: [' '] })).rejects.toThrow(/shop/);
    expect(store.sqlite.prepare('select count(*) as n from companies').get()).toEqual(before);
  });

  it('refuses a second company a person would read as the same name, naming the first', async () => {
    const first = await setUpCompany(store, { name: 'Lakeview Phones' });
    const before = store.sqlite.prepare('select count(*) as n from companies').get();
    for (const name of ['Lakeview Phones', ' lakeview  PHONES ', 'LAKEVIEW PHONES']) {
      await expect(setUpCompany(store, { name }), name).rejects.toThrow(`company ${first.companyId} is already named "Lakeview Phones"`);
    }
    expect(store.sqlite.prepare('select count(*) as n from companies').get()).toEqual(before);
    expect((await setUpCompany(store, { name: 'Lakeview Phones 2' })).companyId).toBeGreaterThan(first.companyId);
  });
});

describe('sameCompanyName', () => {
  it('ignores case, surrounding space and runs of space, and nothing else', async () => {
    expect(sameCompanyName('Acme Phones', '  acme   phones ')).toBe(true);
    expect(sameCompanyName('Caf\u00e9', 'cafe\u0301')).toBe(true);
    expect(sameCompanyName('Acme Phones', 'Acme Phone')).toBe(false);
    expect(sameCompanyName('Acme-Phones', 'Acme Phones')).toBe(false);
  });
});
