/**
 * A charges file's tax, the same on both backends: `tax` is a percent of the amount (as
 * docs/imports.md says), `tax_amount` the tax itself, neither the unit's rate; a rate out of
 * 0-100 and a line giving both are refused with their line and field, and nothing is written.
 *
 * By hand: rent 1,000.00 at 16% is 160.00 tax, carried forward 1,160.00; at 12.5% 125.00;
 * with tax_amount 16 it is 16.00; with neither, the unit's rent rate of 8% gives 80.00.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import type { PropertyStore } from '../../src/store/property-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { propertyStoreOn } from '../../src/store/units/property-store-units.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
let sqlite: Store;
let pool: pg.Pool;
let companyId: number;

const backends: { name: string; store: () => PropertyStore }[] = [
  { name: 'SQLite', store: () => sqliteShopStore(sqlite) },
  { name: 'PostgreSQL', store: () => propertyStoreOn(postgresEngine(pool)) },
];

const REFERENCE: [Parameters<PropertyStore['importLedger']>[1], string][] = [
  ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
  ['properties', 'code,name,landlord_code\nP1,Mvule House,L1\n'],
  ['units', 'property_code,unit_no,market_rent,rent_tax_rate\nP1,A1,1000,8\nP1,A2,1000,8\nP1,A3,1000,8\nP1,A4,1000,8\n'],
  ['tenants', 'account_no,name\nT1,Otieno\nT2,Njeri\nT3,Kamau\nT4,Achieng\n'],
  ['tenancies', 'property_code,unit_no,tenant_account,from\nP1,A1,T1,2026-01-01\nP1,A2,T2,2026-01-01\nP1,A3,T3,2026-01-01\nP1,A4,T4,2026-01-01\n'],
];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'tax.db'));
  companyId = (await sqliteShopStore(sqlite).setUpCompany({ name: 'Mvule Agencies', timeZone: 'Africa/Nairobi', vatPercent: 16 })).companyId;
  for (const [kind, csv] of REFERENCE) await sqliteShopStore(sqlite).importLedger(companyId, kind, csv);
  pool = openPostgresPool(await postgres.createDatabase(), { max: 4 });
  await copySqliteToPostgres(sqliteShopStore(sqlite), pool);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sqlite?.close();
  temp.remove();
});

const HEADER = 'property_code,unit_no,tenant_account,month,kind,amount,tax,tax_amount\n';

describe.each(backends)('a charges file on $name', ({ store }) => {
  it('refuses a tax that is not a percent, and a line giving both, naming line and field; writes nothing', async () => {
    const file = `${HEADER}P1,A1,T1,2026-02,rent,1000,160,\nP1,A2,T2,2026-02,rent,1000,16,16\nP1,A3,T3,2026-02,rent,1000,-1,\n`;
    const refused = await store()
      .importLedger(companyId, 'charges', file)
      .then(
        () => undefined,
        (error: unknown) => String((error as Error).message),
      );
    expect(refused).toMatch(/line 2, tax: "160" is not a rate \(a percentage from 0 to 100, at most two decimals\); an amount of tax goes in tax_amount/);
    expect(refused).toMatch(/line 3, tax_amount: give the tax as a percent \(tax\) or as an amount \(tax_amount\), not both/);
    expect(refused).toMatch(/line 4, tax: "-1" is not a rate/);
    const february = await store().paidBalanceReport({ companyId, month: 2, year: 2026 });
    expect(february.map((r) => r.rentWoTax)).toEqual([0, 0, 0, 0]);
  });

  it('reads tax as a percent, tax_amount as the tax, and neither as the unit rate', async () => {
    const file = `${HEADER}P1,A1,T1,2026-03,rent,1000,16,\nP1,A2,T2,2026-03,rent,1000,12.5,\nP1,A3,T3,2026-03,rent,1000,,16\nP1,A4,T4,2026-03,rent,1000,,\n`;
    await store().importLedger(companyId, 'charges', file);
    const march = await store().paidBalanceReport({ companyId, month: 3, year: 2026 });
    expect(march.map((r) => [r.unitNo, r.rentWoTax, r.rentTax, r.rentBalCf])).toEqual([
      ['A1', 1000, 160, 1160],
      ['A2', 1000, 125, 1125],
      ['A3', 1000, 16, 1016],
      ['A4', 1000, 80, 1080],
    ]);
  });
});
