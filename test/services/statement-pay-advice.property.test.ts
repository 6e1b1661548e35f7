/**
 * A stored statement carries its month's pay advice as the rules define it: on generated ledgers
 * (test/helpers/generated-ledger.ts), statements are prepared month by month with each
 * property's payment type (SERVICE_CHARGE_ONLY with or without the service's id), read back
 * from the store, and every money figure is compared with the model of the rules
 * (test/helpers/ledger-model.ts), not with the code's own pay advice.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementRecord } from '../../src/contract/statement.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { allChargesThenReceipts, calendarMonth, csvOf, LEDGER_YEAR, ledgerArbitrary, ledgerFiles, type GenLedger } from '../helpers/generated-ledger.js';
import { LedgerModel, type ModelAdvice } from '../helpers/ledger-model.js';
import { importLedger, prepareStatement, statementsReport } from '../helpers/sqlite-units.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
let store: Store;
beforeAll(async () => {
  store = await openStore(join(temp.dir, 'statements.db'));
  store.sqlite.pragma('synchronous = OFF');
});
afterAll(async () => {
  await store.close();
  temp.remove();
});

const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
const NOW = () => Date.UTC(LEDGER_YEAR + 1, 11, 1);
const cents = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** Statement field -> what the model gives for it. */
const FIGURES: Record<string, (a: ModelAdvice) => number> = {
  recievedRent: (a) => a.rentReceived,
  receivedUtility: (a) => a.totalUtility,
  periodIncome: (a) => a.periodIncome,
  periodVat: (a) => a.taxReceived,
  manFees: (a) => a.manFees,
  manFeesTax: (a) => a.manFeesVat,
  manFeesTotal: (a) => a.manFees + a.manFeesVat,
  expenses: (a) => a.periodExpense,
  periodExpense: (a) => a.periodExpense,
  lessPeriodTxn: (a) => a.totalDeductions,
  balBf: (a) => a.balanceBf,
  deferedAmount: (a) => a.deferredAmount,
  amtPyble: (a) => a.netAmountDue,
  stmtAmtPyble: (a) => a.netAmountDue,
  // The totals of its rent lines.
  totalMktRent: (a) => a.lineTotals.totalMktRent,
  totalRent: (a) => a.lineTotals.totalRent,
  rentInvoiced: (a) => a.lineTotals.rentInvoiced,
  rentInvoicedTax: (a) => a.lineTotals.rentInvoicedTax,
  utilityInvoiced: (a) => a.lineTotals.utilityInvoiced,
  rentBalBf: (a) => a.lineTotals.rentBalBf,
  rentBalCf: (a) => a.lineTotals.rentBalCf,
};

let companies = 0;

/** The ledger imported as a company of its own; its statements prepared in month order. */
async function prepared(ledger: GenLedger, withServiceId: boolean): Promise<StatementRecord[]> {
  const files = ledgerFiles(ledger);
  const { companyId } = await sqliteShopStore(store).setUpCompany({
    name: `Statements ${++companies}`,
    timeZone: ledger.timeZone,
    vatPercent: ledger.vatPercent,
  });
  for (const { kind, rows } of files.reference) if (rows.length > 0) await importLedger(store, companyId, kind, csvOf(rows));
  for (const { kind, rows } of allChargesThenReceipts(files)) await importLedger(store, companyId, kind, csvOf(rows));
  const ids = (sql: string) => (store.sqlite.prepare(sql).all(companyId) as { id: number }[]).map((r) => r.id);
  const properties = ids('select id from properties where company_id = ? order by code');
  // The only service of these ledgers: its id alone covers every service charge.
  const serviceId = ids(`select id from services where company_id = ? and name = 'Service charge'`)[0];
  for (let m = 1; m <= ledger.months; m++) {
    for (const [i, p] of ledger.properties.entries()) {
      const type = p.statements[m - 1];
      if (!type) continue;
      const srvcId = p.paymentType === 'SERVICE_CHARGE_ONLY' && withServiceId ? serviceId : undefined;
      await prepareStatement(store, {
        companyId,
        propertyId: properties[i]!,
        ...calendarMonth(ledger, m),
        lldPaymentType: p.paymentType,
        srvcId,
        final: type === 'FINAL',
        preparedByUserId: null,
        now: NOW,
      });
    }
  }
  const landlordId = ids('select id from landlords where company_id = ?')[0]!;
  return (await statementsReport(store, { companyId, landlordId, paidPosted: 'ALL' })).list;
}

describe('statement = pay advice', () => {
  it('for generated ledgers, every statement stored holds the figures of the rules', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(ledgerArbitrary(), fc.boolean(), async (ledger, withServiceId) => {
        const stored = await prepared(ledger, withServiceId);
        const model = new LedgerModel(ledger, ledgerFiles(ledger), (m) => {
          const { year, month } = calendarMonth(ledger, m);
          return year * 12 + month - 1;
        });
        // Every statement prepared is there before any is compared.
        expect(stored.length).toBe(model.statements.length);
        for (const s of stored) {
          const m = model.statements.find((x) => x.propertyCode === s.propertyCode && x.monthKey === s.year * 12 + MONTHS.indexOf(s.month));
          const record = s as unknown as Record<string, number>;
          const got = Object.fromEntries(Object.keys(FIGURES).map((f) => [f, cents(record[f])]));
          expect({ id: s.id, type: s.statementType, ...got }).toEqual({
            id: s.id,
            type: m?.type,
            ...Object.fromEntries(Object.entries(FIGURES).map(([f, of]) => [f, m ? of(m.advice) : null])),
          });
          checked += 1;
        }
      }),
      { seed: 1911, numRuns: 25 },
    );
    // About one property-month in two has a statement.
    expect(checked).toBeGreaterThan(25);
  });
});
