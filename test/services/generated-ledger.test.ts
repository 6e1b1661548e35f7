/**
 * The proof that every money figure is a function of the dated ledger: random ledgers
 * (test/helpers/generated-ledger.ts) are imported into real SQLite stores in three batchings
 * (month by month; all charges then all receipts; rows shuffled into small files), and every
 * report field of every property, zone, field officer and month must be identical across
 * them. On the same ledgers: bf(M) = cf(M-1) per tenancy, the paid-and-balance sums equal the
 * COMBINED pay advice, statements equal their pay advice, netAmountDue follows its formula,
 * and no money disappears (every cent received is in some month's report and in the ledger's
 * allocations, to the cent).
 *
 * SHOPPROP_LEDGER_RUNS sets the number of ledgers: 40 by default (about 10 s: each ledger is
 * imported three times into real SQLite stores and every report read back), hundreds or
 * thousands for a long run.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandlordPaymentType, PayAdvice } from '../../src/contract/pay-advice.js';
import { toCents } from '../../src/domain/money.js';
import { replayTenancy } from '../../src/domain/receipt-allocation.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { allChargesThenReceipts, csvOf, LEDGER_YEAR, ledgerArbitrary, ledgerFiles, monthByMonth, shuffled, type Batch, type GenLedger, type LedgerFiles } from '../helpers/generated-ledger.js';
import { importLedger, paidBalanceReport, payAdviceReport, prepareStatement, statementsReport, tenancyEvents } from '../helpers/sqlite-units.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const RUNS = Number(process.env.SHOPPROP_LEDGER_RUNS ?? 40);
/** Statements are prepared "now": after every month of the ledger. */
const NOW = () => Date.UTC(LEDGER_YEAR, 11, 1);
const TYPES: LandlordPaymentType[] = ['COMBINED', 'RENT_ONLY', 'SERVICE_CHARGE_ONLY'];

const cents = (value: number | null | undefined): number => toCents(value ?? 0);

interface Imported {
  companyId: number;
  ids: { property: number[]; zone: number[]; officer: number[]; landlord: number; service: number | null };
}

// Each load is a company of its own in one store, and company names are unique.
let loads = 0;

async function load(store: Store, ledger: GenLedger, files: LedgerFiles, batches: Batch[]): Promise<Imported> {
  loads += 1;
  const { companyId } = await sqliteShopStore(store).setUpCompany({ name: `Generated ${loads}`, timeZone: ledger.timeZone, vatPercent: ledger.vatPercent });
  for (const { kind, rows } of files.reference) if (rows.length > 0) await importLedger(store, companyId, kind, csvOf(rows));
  for (const { kind, rows } of batches) await importLedger(store, companyId, kind, csvOf(rows));
  const ids = (sql: string) => (store.sqlite.prepare(sql).all(companyId) as { id: number }[]).map((r) => r.id);
  const property = ids('select id from properties where company_id = ? order by code');
  // Statements in month order, each property's payment type (SERVICE_CHARGE_ONLY: every service charge).
  for (let m = 1; m <= ledger.months; m++) {
    for (const [i, p] of ledger.properties.entries()) {
      const type = p.statements[m - 1];
      if (type) await prepareStatement(store, { companyId, propertyId: property[i]!, month: m, year: LEDGER_YEAR, final: type === 'FINAL', preparedByUserId: null, now: NOW });
    }
  }
  return {
    companyId,
    ids: {
      property,
      zone: ids('select id from zones where company_id = ? order by name'),
      officer: ids('select id from field_officers where company_id = ? order by name'),
      landlord: ids('select id from landlords where company_id = ?')[0]!,
      service: ids(`select id from services where company_id = ? and name = 'Service charge'`)[0] ?? null,
    },
  };
}

/** Every report of the ledger: each month's paid and balance by property, zone and officer; each pay advice; the statements. */
async function reports(store: Store, ledger: GenLedger, { companyId, ids }: Imported) {
  /** Each of `items`' values in order, one after the other (one store, one unit at a time). */
  const each = async <T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> => {
    const out: R[] = [];
    for (const item of items) out.push(await read(item));
    return out;
  };
  const months = [];
  for (let month = 1; month <= ledger.months + 1; month++) {
    const at = { companyId, month, year: LEDGER_YEAR };
    months.push({
      month,
      byProperty: await each(ids.property, (propertyId) => paidBalanceReport(store, { ...at, propertyId })),
      byZone: await each(ids.zone, (zoneId) => paidBalanceReport(store, { ...at, zoneId })),
      byOfficer: await each(ids.officer, (fieldOfficerId) => paidBalanceReport(store, { ...at, fieldOfficerId })),
      payAdvice: await each(ids.property, async (propertyId) => {
        const byType = Object.fromEntries(await each(TYPES, async (type) => [type, await payAdviceReport(store, { ...at, propertyId, lldPaymentType: type }, NOW)] as const)) as Record<LandlordPaymentType, PayAdvice>;
        const serviceAlone = ids.service === null ? null : await payAdviceReport(store, { ...at, propertyId, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: ids.service }, NOW);
        return { ...byType, serviceAlone };
      }),
    });
  }
  return { months, statements: await statementsReport(store, { companyId, landlordId: ids.landlord, paidPosted: 'ALL' }) };
}

type Reports = Awaited<ReturnType<typeof reports>>;

async function checkInvariants(store: Store, ledger: GenLedger, files: LedgerFiles, imported: Imported, r: Reports): Promise<void> {
  // bf(M) = cf of the tenancy's last row before M (no row: nothing charged or paid in between).
  const last = new Map<number, { rent: number; srvc: number; total: number; odns: number }>();
  let reported = 0;
  for (const { month, byProperty, payAdvice } of r.months) {
    byProperty.forEach((rows, i) => {
      for (const row of rows) {
        if (row.putmId === 0) continue;
        const before = last.get(row.putmId) ?? { rent: 0, srvc: 0, total: 0, odns: 0 };
        expect({ month, putmId: row.putmId, rent: cents(row.rentBalBf), srvc: cents(row.srvcBalBf), total: cents(row.totalBf), odns: cents(row.odnsBalBf) }).toEqual({ month, putmId: row.putmId, ...before });
        last.set(row.putmId, { rent: cents(row.rentBalCf), srvc: cents(row.srvcBalCf), total: cents(row.totalCf), odns: cents(row.odnsBalBf) + cents(row.odnsTotalUnitCost) - cents(row.odnsPaidItAmount) });
        reported += cents(row.paidRent) + cents(row.paidRentTax) + cents(row.paidSrvc) + cents(row.paidSrvcTax) + cents(row.odnsPaidItAmount);
      }
      // The paid-and-balance sums are the COMBINED pay advice's received figures.
      const combined = payAdvice[i]!.COMBINED;
      const sum = (field: 'paidRent' | 'paidSrvc' | 'paidRentTax' | 'paidSrvcTax') => rows.reduce((s, row) => s + cents(row[field]), 0);
      expect({ month, rent: sum('paidRent'), utility: sum('paidSrvc'), tax: sum('paidRentTax') + sum('paidSrvcTax') }).toEqual({
        month,
        rent: cents(combined.rentReceived),
        utility: cents(combined.totalUtility),
        tax: cents(combined.taxReceived),
      });
      for (const advice of Object.values(payAdvice[i]!)) {
        if (!advice) continue;
        expect(cents(advice.netAmountDue)).toBe(cents(advice.balanceBf) + cents(advice.periodIncome) + cents(advice.taxReceived) - cents(advice.totalDeductions) - cents(advice.deferredPayment));
        expect(cents(advice.totalDeductions)).toBe(cents(advice.manFees) + cents(advice.manFeesVat) + cents(advice.periodExpense));
      }
    });
  }
  // No money disappears: every cent received is reported in some month, once.
  expect(reported).toBe(files.receivedCents);
  // A statement is the pay advice of its month and the property's payment type.
  for (const s of r.statements.list) {
    const i = imported.ids.property.indexOf(s.propertyId);
    const month = r.months.find((m) => m.payAdvice[i]!.COMBINED.withEffectFrom === s.withEffectFrom)!;
    const advice = month.payAdvice[i]![ledger.properties[i]!.paymentType];
    expect({ id: s.id, rent: s.recievedRent, utility: s.receivedUtility, fees: s.manFees, vat: s.manFeesTax, expenses: s.expenses, bf: s.balBf, tax: s.periodVat, due: s.amtPyble }).toEqual({
      id: s.id,
      rent: advice.rentReceived,
      utility: advice.totalUtility,
      fees: advice.manFees,
      vat: advice.manFeesVat,
      expenses: advice.periodExpense,
      bf: advice.balanceBf,
      tax: advice.taxReceived,
      due: advice.netAmountDue,
    });
  }
  // Per tenancy: its allocations are its receipts, and its receipts are what its charges took plus the advance credit left.
  const tenancies = store.sqlite.prepare('select id from tenancies where company_id = ?').all(imported.companyId) as { id: number }[];
  for (const { id } of tenancies) {
    const { charges, receipts } = await tenancyEvents(store, id);
    const received = receipts.reduce((s, x) => s + x.amount, 0);
    const allocated = (store.sqlite.prepare('select coalesce(sum(amount_cents), 0) as n from receipt_allocations where tenancy_id = ?').get(id) as { n: number }).n;
    expect(allocated).toBe(received);
    const replayed = replayTenancy(charges, receipts);
    const charged = charges.reduce((s, c) => s + c.amount + c.tax, 0);
    const open = replayed.open.reduce((s, c) => s + c.amountDue + c.taxDue, 0);
    expect(charged - open + replayed.credit).toBe(received);
  }
}

describe('generated ledgers', () => {
  const temp = makeTempDir();
  const stores: Store[] = [];

  beforeAll(async () => {
    for (const name of ['month-by-month', 'charges-then-receipts', 'shuffled']) {
      const store = await openStore(join(temp.dir, `${name}.db`));
      // Thousands of small imports: durability across a power cut is not what these stores test.
      store.sqlite.pragma('synchronous = OFF');
      stores.push(store);
    }
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    temp.remove();
  });

  it(`give identical reports in every batching of the import, and keep the invariants (${RUNS} ledgers)`, async () => {
    await fc.assert(
      fc.asyncProperty(ledgerArbitrary(), async (ledger) => {
        const files = ledgerFiles(ledger);
        const batchings = [monthByMonth(files, ledger.months), allChargesThenReceipts(files), shuffled(files, ledger.shuffleSeed)];
        const results = [];
        for (const [i, batches] of batchings.entries()) {
          const imported = await load(stores[i]!, ledger, files, batches);
          results.push({ imported, reports: await reports(stores[i]!, ledger, imported) });
        }
        await checkInvariants(stores[0]!, ledger, files, results[0]!.imported, results[0]!.reports);
        expect(results[1]!.reports).toEqual(results[0]!.reports);
        expect(results[2]!.reports).toEqual(results[0]!.reports);
      }),
      { numRuns: RUNS },
    );
  }, 30_000 + RUNS * 1_500);
});
