/**
 * The property reports on a portfolio of real size, the same on both backends: the demo's two
 * companies (about 110 units, 18 months of ledger, landlord statements) seeded into SQLite and
 * copied to PostgreSQL by `local copy`'s code, then every report read from each and compared
 * record for record, byte for byte; again after the same import on both, and after both
 * derived their ledgers again. Totals are checked against the ledger's own rows.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDLORD_PAYMENT_TYPES } from '../../src/contract/pay-advice.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { propertyStoreOn } from '../../src/store/units/property-store-units.js';
import type { PropertyStore } from '../../src/store/property-store.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const NOW = Date.UTC(2026, 10, 15, 9, 0, 0);
const clock = () => NOW;

let sqlite: Store;
let pool: pg.Pool;
const stores = (): [PropertyStore, PropertyStore] => [sqliteShopStore(sqlite), propertyStoreOn(postgresEngine(pool))];
const all = <T>(sql: string, ...params: unknown[]) => sqlite.sqlite.prepare(sql).all(...params) as T[];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'demo.db'));
  await seedDemo(sqlite, { scale: 1, now: NOW });
  pool = openPostgresPool(await postgres.createDatabase(), { max: 4 });
  await copySqliteToPostgres(sqliteShopStore(sqlite), pool);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sqlite?.close();
  temp.remove();
});

/** Every report of both companies, as the JSON a route would send, keyed by what it is. */
async function everyReport(store: PropertyStore): Promise<Map<string, string>> {
  const reports = new Map<string, string>();
  for (const { id: companyId } of all<{ id: number }>('select id from companies order by id')) {
    for (let back = 0; back < 18; back++) {
      const month = ((10 - back + 120) % 12) + 1;
      const year = 2026 - (back > 10 ? 1 : 0);
      reports.set(`paid and balance ${companyId} ${year}-${month}`, JSON.stringify(await store.paidBalanceReport({ companyId, month, year })));
    }
    for (const { id: propertyId } of all<{ id: number }>('select id from properties where company_id = ? order by id', companyId)) {
      for (const lldPaymentType of LANDLORD_PAYMENT_TYPES) {
        for (const month of [9, 10, 11]) {
          reports.set(
            `pay advice ${propertyId} ${lldPaymentType} ${month}`,
            JSON.stringify(await store.payAdviceReport({ companyId, propertyId, month, year: 2026, lldPaymentType }, clock)),
          );
        }
      }
    }
    for (const { id: landlordId } of all<{ id: number }>('select id from landlords where company_id = ? order by id', companyId)) {
      reports.set(`statements ${landlordId}`, JSON.stringify(await store.statementsReport({ companyId, landlordId, paidPosted: 'ALL' })));
    }
  }
  return reports;
}

async function expectSameReports(): Promise<Map<string, string>> {
  const [onSqlite, onPostgres] = await Promise.all(stores().map(everyReport));
  expect(onSqlite!.size).toBeGreaterThan(100);
  expect([...onPostgres!.keys()]).toEqual([...onSqlite!.keys()]);
  for (const [key, json] of onSqlite!) expect(onPostgres!.get(key), key).toBe(json);
  return onSqlite!;
}

describe('the demo portfolio on both backends', () => {
  it('gives every report the same, record for record, and the whole company’s paid figures sum to its receipts', async () => {
    const reports = await expectSameReports();
    const statements = [...reports].filter(([key]) => key.startsWith('statements')).flatMap(([, json]) => (JSON.parse(json) as { list: unknown[] }).list);
    expect(statements.length).toBeGreaterThan(0);
    // October 2026 of company 1: the paid fields of the rows sum to the receipts dated in the month.
    const rows = JSON.parse(reports.get('paid and balance 1 2026-10')!) as Record<string, number>[];
    const paid = rows.reduce((sum, r) => sum + Math.round((r.paidRent! + r.paidRentTax! + r.paidSrvc! + r.paidSrvcTax! + r.odnsPaidItAmount!) * 100), 0);
    const [october] = all<{ cents: number }>(
      `select sum(r.amount_cents) as cents from receipts r where r.company_id = 1 and r.receipt_date between ? and ?`,
      Date.UTC(2026, 8, 30, 21),
      Date.UTC(2026, 9, 31, 21) - 1,
    );
    expect(paid).toBe(october!.cents);
  }, 120_000);

  it('stays the same after the same receipts import on both', async () => {
    const [tenancy] = all<{ property: string; unit: string; account: string }>(
      `select p.code as property, u.unit_no as unit, tn.account_no as account
         from tenancies t join units u on u.id = t.unit_id join properties p on p.id = u.property_id join tenants tn on tn.id = t.tenant_id
        where t.company_id = 1 and t.end_date is null order by t.id limit 1`,
    );
    // One on time, one back-dated into an earlier month (the tenancy is derived again).
    const csv = `property_code,unit_no,tenant_account,date,amount\n${tenancy!.property},${tenancy!.unit},${tenancy!.account},2026-11-02,1234.56\n${tenancy!.property},${tenancy!.unit},${tenancy!.account},2026-07-15,20000\n`;
    const paidIn = async (store: PropertyStore, month: number) => {
      const rows = await store.paidBalanceReport({ companyId: 1, month, year: 2026 });
      const row = rows.find((r) => r.tntAccount === tenancy!.account)!;
      return Math.round((row.paidRent + row.paidRentTax + row.paidSrvc + row.paidSrvcTax + row.odnsPaidItAmount) * 100);
    };
    for (const store of stores()) {
      const before = [await paidIn(store, 7), await paidIn(store, 11)];
      await store.importLedger(1, 'receipts', csv);
      // The import did something: each month's report of the tenancy shows the receipt dated in it.
      expect([await paidIn(store, 7), await paidIn(store, 11)]).toEqual([before[0]! + 2_000_000, before[1]! + 123_456]);
    }
    await expectSameReports();
  }, 120_000);

  it('stays the same after both derive every ledger of company 1 again', async () => {
    sqlite.sqlite.prepare('insert into ledger_rederive_pending (company_id) values (1)').run();
    await pool.query('insert into ledger_rederive_pending (company_id) values (1)');
    for (const store of stores()) expect(await store.rederivePendingLedgers()).toBe(1);
    await expectSameReports();
  }, 120_000);
});
