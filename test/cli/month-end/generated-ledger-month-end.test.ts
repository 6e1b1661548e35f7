/**
 * `month-end` over generated ledgers (test/helpers/generated-ledger.ts): each ledger imported into
 * a real SQLite store, its statements prepared month by month, then the month-end of a month of
 * it run in-process for the whole company. From the files it wrote, read back as a person would
 * (the workbook through exceljs, summary.txt parsed):
 * - each property's pay advice in the workbook is the model's (test/helpers/ledger-model.ts,
 *   which shares no code with src/) for the property's payment type;
 * - summary.txt's lines and TOTAL equal the pay advices, to the cent;
 * - the paid-and-balance sheet's totals equal the COMBINED pay advices of the scope (paid rent,
 *   paid service and their tax), and each property's rows equal its own pay advice as its type
 *   counts them (RENT_ONLY: rent; SERVICE_CHARGE_ONLY: service; COMBINED: both).
 *
 * SHOPPROP_MONTH_END_LEDGERS sets the number of ledgers (6 by default, a few seconds each).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { payAdviceSummaryColumns } from '../../../src/cli/output/columns/pay-advice.js';
import { sqliteShopStore } from '../../../src/store/sqlite/sqlite-shop-store.js';
import { openStore } from '../../../src/store/sqlite/open-db.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { calendarMonth, csvOf, LEDGER_YEAR, ledgerArbitrary, ledgerFiles, monthByMonth, type GenLedger } from '../../helpers/generated-ledger.js';
import { LedgerModel, type ModelAdvice } from '../../helpers/ledger-model.js';
import { cents, columnOf, readWorkbook, tableRows } from '../../helpers/month-end-folder.js';
import { importLedger, prepareLedgerStatements } from '../../helpers/sqlite-units.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const RUNS = Number(process.env.SHOPPROP_MONTH_END_LEDGERS ?? 6);
/** Statements are prepared "now": after every month of the ledger. */
const NOW = () => Date.UTC(LEDGER_YEAR + 1, 11, 1);
/** summary.txt's columns, and the pay advice field each one is. */
const SUMMARY_FIGURES = ['periodIncome', 'manFees', 'manFeesVat', 'periodExpense', 'netAmountDue'] as const;

const temp = makeTempDir();
afterAll(() => temp.remove());
let ledgers = 0;

/** A store holding the ledger as company 1, its statements prepared in month order as the model prepares them. */
async function storeOf(ledger: GenLedger, file: string): Promise<void> {
  const files = ledgerFiles(ledger);
  const store = await openStore(file);
  try {
    const { companyId } = await sqliteShopStore(store).setUpCompany({ name: 'Generated', timeZone: ledger.timeZone, vatPercent: ledger.vatPercent });
    for (const { kind, rows } of files.reference) if (rows.length > 0) await importLedger(store, companyId, kind, csvOf(rows));
    for (const { kind, rows } of monthByMonth(files, ledger.months)) await importLedger(store, companyId, kind, csvOf(rows));
    const ids = (store.sqlite.prepare('select id from properties where company_id = ? order by code').all(companyId) as { id: number }[]).map((r) => r.id);
    await prepareLedgerStatements(store, ledger, companyId, ids, NOW);
    expect(companyId).toBe(1);
  } finally {
    await store.close();
  }
}

/** summary.txt's figures per line label (a property's "P1 Property 1", "TOTAL"), in cents. */
function summaryFigures(text: string): Map<string, number[]> {
  const figures = new Map<string, number[]>();
  for (const line of text.split('\n')) {
    const match = /^\s*(P\d+ Property \d+|TOTAL)((?:\s+-?[\d,]+\.\d\d){5})$/.exec(line);
    if (match)
      figures.set(
        match[1]!,
        match[2]!
          .trim()
          .split(/\s+/)
          .map((n) => Math.round(Number(n.replace(/,/g, '')) * 100)),
      );
  }
  return figures;
}

/** The "Pay advices" sheet: each property's figures by field, in cents. */
function payAdvicesOf(sheet: ExcelJS.Worksheet): Map<string, Record<string, number>> {
  const { rows } = tableRows(sheet);
  const code = columnOf(sheet, 'Property code');
  const money = payAdviceSummaryColumns.filter((c) => c.kind === 'money');
  return new Map(
    rows.map((row) => [String(row.getCell(code).value), Object.fromEntries(money.map((c) => [c.key, cents(row.getCell(columnOf(sheet, c.header)).value)]))]),
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function checkMonthEnd(ledger: GenLedger, m: number): Promise<void> {
  ledgers += 1;
  const db = join(temp.dir, `ledger-${ledgers}.db`);
  const folder = join(temp.dir, `month-end-${ledgers}`);
  await storeOf(ledger, db);
  const { year, month } = calendarMonth(ledger, m);
  const key = year * 12 + month - 1;
  const model = new LedgerModel(ledger, ledgerFiles(ledger), (n) => {
    const c = calendarMonth(ledger, n);
    return c.year * 12 + c.month - 1;
  });
  const run = await runInProcess(['--db', db, 'month-end', '--company', '1', '--month', String(month), '--year', String(year), '-o', folder], {
    home: temp.dir,
    now: NOW,
  });
  expect(run.code, run.stderr).toBe(0);

  const expected = new Map<string, ModelAdvice>(model.properties.map((p) => [p.code, model.payAdvice(p.code, key, p.paymentType)]));
  const combined = model.properties.map((p) => model.payAdvice(p.code, key, 'COMBINED'));
  const workbook = await readWorkbook(join(folder, `month-end-${year}-${String(month).padStart(2, '0')}.xlsx`));

  // The pay advices in the workbook are the model's, property by property.
  const advices = payAdvicesOf(workbook.getWorksheet('Pay advices')!);
  expect([...advices.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [code, advice] of expected) {
    const written = advices.get(code)!;
    for (const field of ['rentReceived', 'totalUtility', ...SUMMARY_FIGURES] as const)
      expect({ code, field, cents: written[field] }).toEqual({ code, field, cents: advice[field] });
  }

  // summary.txt: each property's line and the TOTAL are the pay advices'.
  const summary = summaryFigures(readFileSync(join(folder, 'summary.txt'), 'utf8'));
  for (const p of model.properties) expect(summary.get(`${p.code} ${p.name}`), p.code).toEqual(SUMMARY_FIGURES.map((f) => advices.get(p.code)![f]));
  expect(summary.get('TOTAL')).toEqual(SUMMARY_FIGURES.map((f) => sum([...advices.values()].map((a) => a[f]!))));

  // The paid-and-balance sheet's totals are the COMBINED pay advices of the scope.
  const paidBalance = workbook.getWorksheet('Paid and balance')!;
  const { rows, totals } = tableRows(paidBalance);
  const total = (heading: string) => cents(totals.getCell(columnOf(paidBalance, heading)).value);
  expect(total('Paid rent')).toBe(sum(combined.map((a) => a.rentReceived)));
  expect(total('Paid service')).toBe(sum(combined.map((a) => a.totalUtility)));
  expect(total('Paid rent tax') + total('Paid service tax')).toBe(sum(combined.map((a) => a.taxReceived)));
  expect(total('Paid rent') + total('Paid service')).toBe(sum(combined.map((a) => a.periodIncome)));
  // And each property's rows are its own pay advice, counted as its payment type counts them.
  for (const p of model.properties) {
    const mine = rows.filter((row) => row.getCell(columnOf(paidBalance, 'Property')).value === p.name);
    expect(mine.length, `${p.code}'s rows`).toBeGreaterThan(0);
    const paid = (heading: string) => sum(mine.map((row) => cents(row.getCell(columnOf(paidBalance, heading)).value)));
    const written = advices.get(p.code)!;
    expect({ code: p.code, type: p.paymentType, rent: written.rentReceived, service: written.totalUtility }).toEqual({
      code: p.code,
      type: p.paymentType,
      rent: p.paymentType === 'SERVICE_CHARGE_ONLY' ? 0 : paid('Paid rent'),
      service: p.paymentType === 'RENT_ONLY' ? 0 : paid('Paid service'),
    });
  }
}

describe('month-end over generated ledgers', () => {
  it(
    'the workbook and summary.txt agree with the model: pay advices, summary totals, paid-and-balance totals = COMBINED pay advices',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          ledgerArbitrary().chain((ledger) => fc.tuple(fc.constant(ledger), fc.integer({ min: 1, max: ledger.months }))),
          ([ledger, m]) => checkMonthEnd(ledger, m),
        ),
        { numRuns: RUNS },
      );
      expect(ledgers).toBeGreaterThanOrEqual(RUNS);
    },
    RUNS * 30_000,
  );
});
