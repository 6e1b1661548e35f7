import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { addMonths, monthOf } from '../../src/domain/month-range.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { importBaobab } from '../helpers/baobab-store.js';
import { paidBalanceReport, payAdviceReport } from '../helpers/sqlite-units.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const BEFORE_MONTH_TOTALS = '2026-11-22-03-property';

/** The tables of a property ledger at schema 03, parents first. */
const LEDGER_TABLES = [
  'companies',
  'users',
  'zones',
  'field_officers',
  'landlords',
  'properties',
  'services',
  'units',
  'tenants',
  'tenancies',
  'charges',
  'receipts',
  'receipt_allocations',
  'expenses',
  'statements',
  'landlord_payments',
];

/** Every paid-and-balance report (company, each zone) and pay advice (each type) of 21 months. */
async function reports(store: Store): Promise<unknown[]> {
  const out: unknown[] = [];
  const companies = store.sqlite.prepare('select id, time_zone as timeZone from companies order by id').all() as { id: number; timeZone: string }[];
  for (const company of companies) {
    const zones = (store.sqlite.prepare('select id from zones where company_id = ? order by id').all(company.id) as { id: number }[]).map((z) => z.id);
    const properties = store.sqlite
      .prepare(
        `select p.id, (select min(u.service_id) from units u where u.property_id = p.id) as serviceId from properties p where p.company_id = ? order by p.id limit 3`,
      )
      .all(company.id) as { id: number; serviceId: number | null }[];
    const now = monthOf(TEST_NOW, company.timeZone);
    for (let back = 19; back >= -1; back -= 1) {
      const { year, month } = addMonths(now, -back);
      out.push(await paidBalanceReport(store, { companyId: company.id, month, year }));
      for (const zoneId of zones) out.push(await paidBalanceReport(store, { companyId: company.id, zoneId, month, year }));
      for (const p of properties) {
        out.push(await payAdviceReport(store, { companyId: company.id, propertyId: p.id, month, year }));
        out.push(await payAdviceReport(store, { companyId: company.id, propertyId: p.id, month, year, lldPaymentType: 'RENT_ONLY' }));
        if (p.serviceId !== null)
          out.push(
            await payAdviceReport(store, { companyId: company.id, propertyId: p.id, month, year, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: p.serviceId }),
          );
      }
    }
  }
  return out;
}

const monthTotals = (store: Store) => store.sqlite.prepare('select * from ledger_months order by tenancy_id, service_key, month_key').all();

describe('a database of schema 03 with a ledger', () => {
  const temp = makeTempDir();
  const current = join(temp.dir, 'current.db');
  const older = join(temp.dir, 'older.db');
  let expectedReports: unknown[];
  let expectedTotals: unknown[];

  beforeAll(async () => {
    // The same ledger written by today's code: the demo (bulk) and an import (row by row).
    const store = await openStore(current);
    await seedDemo(store, { now: TEST_NOW });
    await importBaobab(store, 2);
    expectedReports = await reports(store);
    expectedTotals = monthTotals(store);
    await store.close();

    // ...and copied into a database that stopped at schema 03, as an older version left it.
    const old = await openStore(older, { migrateTo: BEFORE_MONTH_TOTALS });
    old.sqlite.pragma('foreign_keys = OFF');
    old.sqlite.prepare('attach database ? as source').run(current);
    old.sqlite.transaction(() => {
      for (const table of LEDGER_TABLES) {
        const columns = (old.sqlite.prepare(`select name from pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name).join(', ');
        old.sqlite.exec(`insert into main.${table} (${columns}) select ${columns} from source.${table}`);
      }
    })();
    old.sqlite.exec('detach database source');
    await old.close();
  });
  afterAll(() => temp.remove());

  it('upgrades in place: the month totals summed from its ledger, every report figure identical', async () => {
    const before = await openStore(older, { migrateTo: BEFORE_MONTH_TOTALS });
    expect(before.sqlite.prepare("select name from sqlite_master where name = 'ledger_months'").get()).toBeUndefined();
    expect((before.sqlite.prepare('select count(*) as n from receipt_allocations').get() as { n: number }).n).toBeGreaterThan(1000);
    await before.close();

    const upgraded = await openStore(older);
    try {
      expect(monthTotals(upgraded)).toEqual(expectedTotals);
      const figures = await reports(upgraded);
      expect(figures.length).toBe(expectedReports.length);
      expect(figures).toEqual(expectedReports);
    } finally {
      await upgraded.close();
    }
  });
});
