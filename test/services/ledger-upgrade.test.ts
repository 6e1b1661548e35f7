/**
 * A store written before allocations were derived from the dated ledger holds allocations made
 * when each receipt was imported. Opening it with this version marks every company with tenancies
 * (migration 2026-11-25-20-ledger-replay), and the first opening for work derives them again:
 * the reports then read as a fresh import's. Stale allocations are simulated by wiping what the
 * import derived (allocations and month figures), which the old rules could leave as wrong.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { importLedger, paidBalanceReport, payAdviceReport, rederivePendingLedgers } from '../helpers/sqlite-units.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { type LedgerImportKind } from '../../src/store/property-store.js';

const LEDGER: [LedgerImportKind, string][] = [
  ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
  ['properties', 'code,name,landlord_code,man_fee_rate\nP1,Mvule House,L1,10\n'],
  ['units', 'property_code,unit_no,market_rent,service_charge\nP1,A1,1000,100\n'],
  ['tenants', 'account_no,name\nT1,Otieno\n'],
  ['tenancies', 'property_code,unit_no,tenant_account,from,to\nP1,A1,T1,2026-01-01,\n'],
  ['charges', 'property_code,unit_no,tenant_account,month,kind,amount\nP1,A1,T1,2026-01,rent,1000\nP1,A1,T1,2026-01,service,100\n'],
  ['charges', 'property_code,unit_no,tenant_account,month,kind,amount\nP1,A1,T1,2026-02,rent,1000\nP1,A1,T1,2026-02,service,100\n'],
];
/** Receipts as rows of that version's table (today's import writes a column it did not have): 1,600.00 on 5 January, 600.00 on 5 February, Nairobi time. */
const OLD_RECEIPTS: [number, number][] = [
  [Date.UTC(2026, 0, 4, 21, 0), 160_000],
  [Date.UTC(2026, 1, 4, 21, 0), 60_000],
];

const temps: { remove(): void }[] = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.remove();
});

describe('a store upgraded from before the ledger replay', () => {
  it('derives every company’s allocations again once, and its reports then read as a fresh import’s', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const file = join(temp.dir, 'old.db');

    const old = await openStore(file, { migrateTo: '2026-11-25-10-user-logins' });
    // A company row as that version wrote it (today's company setup writes columns it did not have).
    const companyId = Number(
      old.sqlite.prepare("insert into companies (name, time_zone, vat_rate_bp) values ('Mvule Agencies', 'Africa/Nairobi', 1600)").run().lastInsertRowid,
    );
    for (const [kind, csv] of LEDGER) await importLedger(old, companyId, kind, csv);
    for (const [date, cents] of OLD_RECEIPTS) {
      old.sqlite
        .prepare('insert into receipts (company_id, tenancy_id, receipt_date, amount_cents) values (?, (select id from tenancies), ?, ?)')
        .run(companyId, date, cents);
    }
    const propertyId = (old.sqlite.prepare('select id from properties').get() as { id: number }).id;
    old.sqlite.exec('delete from receipt_allocations; delete from ledger_months;');
    await old.close();

    const upgraded = await openStore(file);
    try {
      const february = async () => (await paidBalanceReport(upgraded, { companyId, propertyId, month: 2, year: 2026 }))[0]!;
      // Before re-deriving, the stale figures show nothing received.
      expect(await february()).toMatchObject({ paidRent: 0, paidSrvc: 0 });
      expect(await rederivePendingLedgers(upgraded)).toBe(1);
      expect(await rederivePendingLedgers(upgraded)).toBe(0);
      // Worked by hand: 1,600.00 on 5 January pays January (1,100.00) and 500.00 of rent ahead;
      // February's rent takes that 500.00 when raised, and 600.00 pays its other 500.00 and the service.
      expect(await february()).toMatchObject({
        rentWoTax: 1000,
        srvcWoTax: 100,
        paidRent: 500,
        paidSrvc: 100,
        rentBalBf: -500,
        rentBalCf: 0,
        srvcBalCf: 0,
        totalCf: 0,
      });
      expect(await payAdviceReport(upgraded, { companyId, propertyId, month: 1, year: 2026 })).toMatchObject({
        rentReceived: 1500,
        totalUtility: 100,
        periodIncome: 1600,
      });
    } finally {
      await upgraded.close();
    }
  });

  it('marks nothing in a new store', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const store = await openStore(join(temp.dir, 'new.db'));
    try {
      const { companyId } = await sqliteShopStore(store).setUpCompany({ name: 'Mvule Agencies', timeZone: 'Africa/Nairobi', vatPercent: 16 });
      for (const [kind, csv] of LEDGER) await importLedger(store, companyId, kind, csv);
      expect(await rederivePendingLedgers(store)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
