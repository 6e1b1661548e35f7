/**
 * The proof that every money figure is the rules' function of the dated ledger: random ledgers
 * (test/helpers/generated-ledger.ts, many across a year end) are imported into real SQLite
 * stores in three batchings (month by month; all charges then all receipts; rows shuffled into
 * small files). Every paid-and-balance row of every property, zone, field officer and month,
 * every pay advice of each payment type and every statement is compared field by field with
 * the model of the rules (test/helpers/ledger-model.ts, which shares no code with src/), and
 * the three batchings must give identical reports. On the same ledgers: bf(M) = cf(M-1) per
 * tenancy, and no money disappears (every cent received is in some month's report and in the
 * ledger's allocations, to the cent).
 *
 * SHOPPROP_LEDGER_RUNS sets the number of ledgers: 40 by default (about 10 s: each ledger is
 * imported three times into real SQLite stores and every report read back), hundreds or
 * thousands for a long run.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidBalanceRow } from '../../src/contract/paid-balance.js';
import type { LandlordPaymentType, PayAdvice } from '../../src/contract/pay-advice.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import {
  allChargesThenReceipts,
  calendarMonth,
  csvOf,
  LEDGER_YEAR,
  ledgerArbitrary,
  ledgerFiles,
  monthByMonth,
  shuffled,
  type Batch,
  type GenLedger,
  type LedgerFiles,
} from '../helpers/generated-ledger.js';
import { LedgerModel, type ModelAdvice, type ModelRentLine, type ModelRow } from '../helpers/ledger-model.js';
import { importLedger, paidBalanceReport, payAdviceReport, prepareLedgerStatements, statementsReport } from '../helpers/sqlite-units.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const RUNS = Number(process.env.SHOPPROP_LEDGER_RUNS ?? 40);
/** Statements are prepared "now": after every month of the ledger. */
const NOW = () => Date.UTC(LEDGER_YEAR + 1, 11, 1);
const TYPES: LandlordPaymentType[] = ['COMBINED', 'RENT_ONLY', 'SERVICE_CHARGE_ONLY'];

/** A wire amount (at most two decimals) in cents; null as 0. */
const cents = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);
/** The month key (year x 12 + month - 1) of the ledger's month m. */
const keyOf = (ledger: GenLedger, m: number) => {
  const { year, month } = calendarMonth(ledger, m);
  return year * 12 + month - 1;
};

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
  await prepareLedgerStatements(store, ledger, companyId, property, NOW);
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
    const at = { companyId, ...calendarMonth(ledger, month) };
    months.push({
      month,
      byProperty: await each(ids.property, (propertyId) => paidBalanceReport(store, { ...at, propertyId })),
      byZone: await each(ids.zone, (zoneId) => paidBalanceReport(store, { ...at, zoneId })),
      byOfficer: await each(ids.officer, (fieldOfficerId) => paidBalanceReport(store, { ...at, fieldOfficerId })),
      payAdvice: await each(ids.property, async (propertyId) => {
        const byType = Object.fromEntries(
          await each(TYPES, async (type) => [type, await payAdviceReport(store, { ...at, propertyId, lldPaymentType: type }, NOW)] as const),
        ) as Record<LandlordPaymentType, PayAdvice>;
        const serviceAlone =
          ids.service === null ? null : await payAdviceReport(store, { ...at, propertyId, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: ids.service }, NOW);
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
  for (const { month, byProperty } of r.months) {
    byProperty.forEach((rows) => {
      for (const row of rows) {
        if (row.putmId === 0) continue;
        const before = last.get(row.putmId) ?? { rent: 0, srvc: 0, total: 0, odns: 0 };
        expect({
          month,
          putmId: row.putmId,
          rent: cents(row.rentBalBf),
          srvc: cents(row.srvcBalBf),
          total: cents(row.totalBf),
          odns: cents(row.odnsBalBf),
        }).toEqual({ month, putmId: row.putmId, ...before });
        last.set(row.putmId, {
          rent: cents(row.rentBalCf),
          srvc: cents(row.srvcBalCf),
          total: cents(row.totalCf),
          odns: cents(row.odnsBalBf) + cents(row.odnsTotalUnitCost) - cents(row.odnsPaidItAmount),
        });
        reported += cents(row.paidRent) + cents(row.paidRentTax) + cents(row.paidSrvc) + cents(row.paidSrvcTax) + cents(row.odnsPaidItAmount);
      }
    });
  }
  // No money disappears: every cent received is reported in some month, once.
  expect(reported).toBe(files.receivedCents);
  // Per tenancy: its allocations are its receipts.
  const tenancies = store.sqlite.prepare('select id from tenancies where company_id = ?').all(imported.companyId) as { id: number }[];
  for (const { id } of tenancies) {
    const sumOf = (table: string) =>
      (store.sqlite.prepare(`select coalesce(sum(amount_cents), 0) as n from ${table} where tenancy_id = ?`).get(id) as { n: number }).n;
    expect({ id, allocated: sumOf('receipt_allocations') }).toEqual({ id, allocated: sumOf('receipts') });
  }
}

/** Statements compared with the model over the whole run: the statement checks cannot pass by checking none. */
let statementsChecked = 0;
const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
const ADVICE_FIGURES = [
  'rentReceived',
  'totalUtility',
  'taxReceived',
  'periodIncome',
  'manFees',
  'manFeesVat',
  'periodExpense',
  'totalDeductions',
  'balanceBf',
  'deferredAmount',
  'deferredPayment',
  'netAmountDue',
] as const;

const LINE_FIGURES = ['monthlyCharge', 'invoiced', 'balanceBf', 'amountPaid', 'amountPaidTax', 'balanceCf'] as const;

/** A report row in the model's terms: its figures in cents, the description only where the model gives one. */
function asModelRow(row: PaidBalanceRow, like: ModelRow | undefined): ModelRow {
  const out = Object.fromEntries(
    Object.keys(like ?? {}).map((k) => [
      k,
      typeof like![k as keyof ModelRow] === 'number' ? cents(row[k as keyof PaidBalanceRow] as number) : row[k as keyof PaidBalanceRow],
    ]),
  );
  return {
    ...out,
    unitNo: row.unitNo,
    tntAccount: row.tntAccount,
    vacant: row.vacant,
    occupied: row.occupied,
    descr: like?.descr === null ? null : row.descr,
  } as ModelRow;
}

/** Rows in a fixed order for comparison: by unit, then tenant account (VACANT's is ""). */
const byUnitAndTenant = (a: ModelRow, b: ModelRow) => Number(a.unitNo.slice(1)) - Number(b.unitNo.slice(1)) || a.tntAccount.localeCompare(b.tntAccount);

function expectRows(where: string, rows: PaidBalanceRow[], expected: ModelRow[]): void {
  // The report's own order: by property, then unit in natural order.
  const units = rows.map((r) => `${r.property}/${r.unitNo}`);
  expect({ where, order: units }).toEqual({
    where,
    order: [...units].sort((a, b) => a.split('/')[0]!.localeCompare(b.split('/')[0]!) || Number(a.split('/')[1]!.slice(1)) - Number(b.split('/')[1]!.slice(1))),
  });
  const want = [...expected].sort(byUnitAndTenant);
  const got = rows
    .map((r) =>
      asModelRow(
        r,
        want.find((w) => w.unitNo === r.unitNo && w.tntAccount === r.tntAccount),
      ),
    )
    .sort(byUnitAndTenant);
  expect({ where, rows: got }).toEqual({ where, rows: want });
}

/** Rent lines in a fixed order for comparison: by unit, then tenant name. */
const byUnitAndName = (a: Pick<ModelRentLine, 'unitNo' | 'tenantName'>, b: Pick<ModelRentLine, 'unitNo' | 'tenantName'>) =>
  Number(a.unitNo.slice(1)) - Number(b.unitNo.slice(1)) || a.tenantName.localeCompare(b.tenantName);

function expectAdvice(where: string, advice: PayAdvice, expected: ModelAdvice): void {
  const got = Object.fromEntries(ADVICE_FIGURES.map((f) => [f, cents(advice[f])]));
  // Each rent line field by field, in cents.
  const rentsList = advice.rentsList
    .map((l) => ({
      unitNo: l.unitNo ?? '',
      tenantName: l.tenantName ?? '',
      ...Object.fromEntries(LINE_FIGURES.map((f) => [f, cents(l[f])])),
    }))
    .sort(byUnitAndName);
  const { lineTotals: _, ...want } = expected;
  expect({ where, ...got, statementType: advice.statementType, rentsList }).toEqual({ where, ...want, rentsList: [...want.rentsList].sort(byUnitAndName) });
}

/** Every report against the model of the rules, field by field. */
function checkAgainstModel(ledger: GenLedger, model: LedgerModel, r: Reports): void {
  const { properties } = model;
  const named = (names: string[]) => [...new Set(names)].sort();
  const zones = named(properties.map((p) => p.zone));
  const officers = named(properties.map((p) => p.officer));
  for (const { month, byProperty, byZone, byOfficer, payAdvice } of r.months) {
    const key = keyOf(ledger, month);
    const rowsWhere = (keep: (p: (typeof properties)[number]) => boolean) => properties.filter(keep).flatMap((p) => model.rows(p.code, key));
    properties.forEach((p, i) => {
      const where = `${p.code} ${key}`;
      expectRows(where, byProperty[i]!, model.rows(p.code, key));
      for (const type of TYPES) expectAdvice(`${where} ${type}`, payAdvice[i]![type], model.payAdvice(p.code, key, type));
      // One service in these ledgers: that service alone is every service charge.
      const alone = payAdvice[i]!.serviceAlone;
      if (alone) expectAdvice(`${where} service alone`, alone, model.payAdvice(p.code, key, 'SERVICE_CHARGE_ONLY'));
    });
    zones.forEach((zone, i) =>
      expectRows(
        `zone ${zone} ${key}`,
        byZone[i]!,
        rowsWhere((p) => p.zone === zone),
      ),
    );
    officers.forEach((officer, i) =>
      expectRows(
        `officer ${officer} ${key}`,
        byOfficer[i]!,
        rowsWhere((p) => p.officer === officer),
      ),
    );
  }
  // Every statement prepared is there, then each is the model's pay advice of its month and the property's type.
  expect(r.statements.list.length).toBe(model.statements.length);
  for (const s of r.statements.list) {
    const key = s.year * 12 + MONTHS.indexOf(s.month);
    const m = model.statements.find((x) => x.propertyCode === s.propertyCode && x.monthKey === key)!;
    expect({ id: s.id, found: m !== undefined }).toEqual({ id: s.id, found: true });
    const a = m.advice;
    expect({
      id: s.id,
      type: s.statementType,
      rent: cents(s.recievedRent),
      utility: cents(s.receivedUtility),
      income: cents(s.periodIncome),
      tax: cents(s.periodVat),
      fees: cents(s.manFees),
      vat: cents(s.manFeesTax),
      feesTotal: cents(s.manFeesTotal),
      expenses: cents(s.expenses),
      periodExpense: cents(s.periodExpense),
      deductions: cents(s.lessPeriodTxn),
      bf: cents(s.balBf),
      deferred: cents(s.deferedAmount),
      due: cents(s.amtPyble),
      stmtDue: cents(s.stmtAmtPyble),
      // The statement's totals of its rent lines.
      marketRent: cents(s.totalMktRent),
      charged: cents(s.totalRent),
      rentInvoiced: cents(s.rentInvoiced),
      invoicedTax: cents(s.rentInvoicedTax),
      utilityInvoiced: cents(s.utilityInvoiced),
      linesBf: cents(s.rentBalBf),
      linesCf: cents(s.rentBalCf),
    }).toEqual({
      ...{
        id: s.id,
        type: m.type,
        rent: a.rentReceived,
        utility: a.totalUtility,
        income: a.periodIncome,
        tax: a.taxReceived,
        fees: a.manFees,
        vat: a.manFeesVat,
        feesTotal: a.manFees + a.manFeesVat,
      },
      ...{
        expenses: a.periodExpense,
        periodExpense: a.periodExpense,
        deductions: a.totalDeductions,
        bf: a.balanceBf,
        deferred: a.deferredAmount,
        due: a.netAmountDue,
        stmtDue: a.netAmountDue,
      },
      marketRent: a.lineTotals.totalMktRent,
      charged: a.lineTotals.totalRent,
      rentInvoiced: a.lineTotals.rentInvoiced,
      invoicedTax: a.lineTotals.rentInvoicedTax,
      utilityInvoiced: a.lineTotals.utilityInvoiced,
      linesBf: a.lineTotals.rentBalBf,
      linesCf: a.lineTotals.rentBalCf,
    });
    statementsChecked += 1;
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

  it(
    `give identical reports in every batching of the import, and keep the invariants (${RUNS} ledgers)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(ledgerArbitrary(), async (ledger) => {
          const files = ledgerFiles(ledger);
          const batchings = [monthByMonth(files, ledger.months), allChargesThenReceipts(files), shuffled(files, ledger.shuffleSeed)];
          const results = [];
          for (const [i, batches] of batchings.entries()) {
            const imported = await load(stores[i]!, ledger, files, batches);
            results.push({ imported, reports: await reports(stores[i]!, ledger, imported) });
          }
          checkAgainstModel(ledger, new LedgerModel(ledger, files, (m) => keyOf(ledger, m)), results[0]!.reports);
          await checkInvariants(stores[0]!, ledger, files, results[0]!.imported, results[0]!.reports);
          expect(results[1]!.reports).toEqual(results[0]!.reports);
          expect(results[2]!.reports).toEqual(results[0]!.reports);
        }),
        { numRuns: RUNS },
      );
      // About one property-month in two has a statement: far fewer checked means the loop lost them.
      expect(statementsChecked).toBeGreaterThan(RUNS);
    },
    30_000 + RUNS * 1_500,
  );
});
