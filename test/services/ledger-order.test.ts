/**
 * The cases by example, through the ledger import and the reports: figures that do
 * not depend on how the ledger was imported, and arrears paid after a tenant leaves reaching
 * the landlord in the month they are paid. Every expected figure is worked by hand.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { importLedger, paidBalanceReport, payAdviceReport } from '../helpers/sqlite-units.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { type LedgerImportKind } from '../../src/store/property-store.js';

const REFERENCE: [LedgerImportKind, string][] = [
  ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
  ['properties', 'code,name,landlord_code,man_fee_rate\nP1,Mvule House,L1,10\n'],
  ['units', 'property_code,unit_no,market_rent,service_charge\nP1,A1,1000,100\nP1,A2,1000,0\n'],
  ['tenants', 'account_no,name\nT1,Otieno\nT2,Njeri\n'],
  ['tenancies', 'property_code,unit_no,tenant_account,from,to\nP1,A1,T1,2026-01-01,\nP1,A2,T2,2026-01-01,2026-01-31\n'],
];
const CHARGES = {
  january: 'property_code,unit_no,tenant_account,month,kind,amount\nP1,A1,T1,2026-01,rent,1000\nP1,A1,T1,2026-01,service,100\nP1,A2,T2,2026-01,rent,1000\n',
  february: 'property_code,unit_no,tenant_account,month,kind,amount\nP1,A1,T1,2026-02,rent,1000\nP1,A1,T1,2026-02,service,100\n',
};
const RECEIPTS = {
  january: 'property_code,unit_no,tenant_account,date,amount\nP1,A1,T1,2026-01-05,1600\n',
  // T2 left on 31 January owing January's rent, and pays it on 10 February.
  february: 'property_code,unit_no,tenant_account,date,amount\nP1,A1,T1,2026-02-05,600\nP1,A2,T2,2026-02-10,1000\n',
};
const both = (a: string, b: string) => a + b.slice(b.indexOf('\n') + 1);

const stores: { store: Store; remove(): void }[] = [];
afterEach(async () => {
  for (const { store, remove } of stores.splice(0)) {
    await store.close();
    remove();
  }
});

async function imported(files: [LedgerImportKind, string][]): Promise<{ store: Store; companyId: number; propertyId: number }> {
  const temp = makeTempDir();
  const store = await openStore(join(temp.dir, 'ledger.db'));
  stores.push({ store, remove: temp.remove });
  const { companyId } = await sqliteShopStore(store).setUpCompany({ name: 'Mvule Agencies', timeZone: 'Africa/Nairobi', vatPercent: 16 });
  for (const [kind, csv] of [...REFERENCE, ...files]) await importLedger(store, companyId, kind, csv);
  const propertyId = (store.sqlite.prepare('select id from properties where company_id = ?').get(companyId) as { id: number }).id;
  return { store, companyId, propertyId };
}

const BATCHINGS: Record<string, [LedgerImportKind, string][]> = {
  'month by month': [
    ['charges', CHARGES.january],
    ['receipts', RECEIPTS.january],
    ['charges', CHARGES.february],
    ['receipts', RECEIPTS.february],
  ],
  'all charges, then all receipts': [
    ['charges', both(CHARGES.january, CHARGES.february)],
    ['receipts', both(RECEIPTS.january, RECEIPTS.february)],
  ],
  'receipts first, February before January': [
    ['receipts', RECEIPTS.february.replace('P1,A1,T1,2026-02-05,600\n', '')],
    ['charges', CHARGES.february.replace('P1,A1,T1,2026-02,rent,1000\nP1,A1,T1,2026-02,service,100\n', '') + 'P1,A1,T1,2026-02,service,100\n'],
    ['receipts', RECEIPTS.january],
    ['receipts', 'property_code,unit_no,tenant_account,date,amount\nP1,A1,T1,2026-02-05,600\n'],
    ['charges', 'property_code,unit_no,tenant_account,month,kind,amount\nP1,A1,T1,2026-02,rent,1000\n'],
    ['charges', CHARGES.january],
  ],
};

describe.each(Object.entries(BATCHINGS))('the issue’s ledger imported %s', (_name, files) => {
  it('books 1,600.00 on 5 January and 600.00 on 5 February the same way: 500.00 of rent paid ahead that February’s rent consumes', async () => {
    const { store, companyId, propertyId } = await imported(files);
    const row = async (month: number) => (await paidBalanceReport(store, { companyId, propertyId, month, year: 2026 })).find((r) => r.unitNo === 'A1')!;
    // January: rent 1,000.00 and service 100.00 paid; the other 500.00 is rent paid in advance.
    expect(await row(1)).toMatchObject({ paidRent: 1500, paidSrvc: 100, rentBalCf: -500, srvcBalCf: 0, totalCf: -500 });
    // February: the advance paid 500.00 of the rent when it was raised; 600.00 pays the other 500.00 and the service.
    expect(await row(2)).toMatchObject({
      rentWoTax: 1000,
      srvcWoTax: 100,
      paidRent: 500,
      paidSrvc: 100,
      rentBalBf: -500,
      rentBalCf: 0,
      srvcBalCf: 0,
      totalCf: 0,
    });
  });

  it('gives the landlord the arrears a tenant paid after leaving, in the month they were paid, with the fee on them', async () => {
    const { store, companyId, propertyId } = await imported(files);
    const february = await paidBalanceReport(store, { companyId, propertyId, month: 2, year: 2026 });
    // Unit A2: the ended tenancy's row (it received money) and the unit's vacant row.
    expect(
      february.filter((r) => r.unitNo === 'A2').map((r) => [r.tenant, r.tntAccount, r.paidRent, r.rentBalBf, r.rentBalCf, r.vacant, r.occupied, r.descr]),
    ).toEqual([
      ['VACANT', '', 0, 0, 0, 1, 0, null],
      ['Njeri', 'T2', 1000, 1000, 0, 0, 0, 'Tenancy ended 2026-01-31'],
    ]);
    const advice = await payAdviceReport(store, { companyId, propertyId, month: 2, year: 2026 });
    // Received in February: rent 500.00 (A1) + 1,000.00 (A2, after leaving), service 100.00.
    // Fee 10% of 1,600.00 = 160.00, VAT 16% of it 25.60; due 1,600.00 - 185.60 = 1,414.40.
    expect(advice).toMatchObject({
      rentReceived: 1500,
      totalUtility: 100,
      periodIncome: 1600,
      manFees: 160,
      manFeesVat: 25.6,
      totalDeductions: 185.6,
      netAmountDue: 1414.4,
    });
    expect(advice.rentsList.map((l) => [l.unitNo, l.tenantName, l.amountPaid])).toEqual([
      ['A1', 'Otieno', 600],
      ['A2', 'VACANT', 0],
      ['A2', 'Njeri', 1000],
    ]);
    // March: nothing more was paid, so the ended tenancy has no row.
    expect((await paidBalanceReport(store, { companyId, propertyId, month: 3, year: 2026 })).filter((r) => r.unitNo === 'A2').map((r) => r.tenant)).toEqual([
      'VACANT',
    ]);
  });
});
