/**
 * The quick start's first steps, embedded (no server started by hand): demo data, then every
 * report on the local store, in-process. Each table is read back row by row and held against the
 * demo's data read straight from the SQLite file and summed in the test
 * (test/helpers/demo-expected.ts): the rows the report must show, in its order, every figure and
 * its totals row. The same commands against `shopprop serve` and a pipe closed by its reader are
 * in test/e2e/local-server.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { demoHome } from '../../helpers/demo-store.js';
import {
  centsOfText,
  companyOf,
  expectedPaidBalance,
  expectedPayAdvice,
  expectedSaleItems,
  expectedSales,
  expectedSpecs,
  expectedStatements,
  moneyText,
  zoneMonthKey,
} from '../../helpers/demo-expected.js';
import { QUICK_START_REPORTS } from '../../helpers/quick-start.js';
import { readTable } from '../../helpers/table-sums.js';

const { dir: home, db, demoStderr } = demoHome();
/** One instant for every command: the reports' current month is the one the expected rows are read for. */
const NOW = Date.now();

async function report(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runInProcess(['--db', db, '--format', 'table', ...args], { home, now: () => NOW });
  expect(code, stderr).toBe(0);
  return { stdout, stderr };
}

/** Each drawn table of the output (blocks between blank lines that draw one), as records keyed by heading. */
function tables(stdout: string): { headings: string[]; records: Record<string, string>[] }[] {
  return stdout
    .split(/\n\s*\n/)
    .filter((block) => block.includes('┌'))
    .map((block) => {
      const { headings, rows } = readTable(block);
      return { headings, records: rows.map((cells) => Object.fromEntries(headings.map((h, i) => [h, cells[i] ?? '']))) };
    });
}

/** The only table of an output, its body rows and its totals row (labelled Total or Page total) apart. */
function onlyTable(stdout: string): { headings: string[]; body: Record<string, string>[]; total: Record<string, string> | undefined } {
  const all = tables(stdout);
  expect(all).toHaveLength(1);
  const { headings, records } = all[0]!;
  const last = records.at(-1);
  const isTotal = last !== undefined && /^(Page total|Total)$/.test(last[headings[0]!]!);
  return { headings, body: isTotal ? records.slice(0, -1) : records, total: isTotal ? last : undefined };
}

const sumOf = <T>(rows: T[], f: (row: T) => number) => rows.reduce((s, r) => s + f(r), 0);
const monthKey = () => zoneMonthKey(NOW, companyOf(db, 1).timeZone);

const CHECKS: Record<string, () => Promise<void>> = {
  'sale list': async () => {
    const { stdout, stderr } = await report(['sale', 'list']);
    const expected = expectedSales(db, 1, 50);
    const { body, total } = onlyTable(stdout);
    expect(
      body.map((r) => ({
        id: Number(r.ID),
        date: r.Date,
        receipt: r.Receipt,
        customer: r.Customer,
        total: centsOfText(r.Total!),
        paid: centsOfText(r.Paid!),
        balance: centsOfText(r.Balance!),
        payments: r.Payments,
      })),
    ).toEqual(expected.rows);
    expect(total).toMatchObject({
      ID: 'Page total',
      Total: moneyText(sumOf(expected.rows, (r) => r.total)),
      Paid: moneyText(sumOf(expected.rows, (r) => r.paid)),
      Balance: moneyText(sumOf(expected.rows, (r) => r.balance)),
    });
    expect(stderr).toContain(`showing 50 of ${expected.count.toLocaleString('en-US')}`);
  },
  'sale items --limit 20': async () => {
    const { stdout, stderr } = await report(['sale', 'items', '--limit', '20']);
    const expected = expectedSaleItems(db, 1, 20);
    const { body, total } = onlyTable(stdout);
    expect(
      body.map((r) => ({
        id: Number(r.ID),
        date: r.Date,
        item: r.Item,
        qty: r.Qty,
        unitPrice: centsOfText(r['Unit price']!),
        discount: centsOfText(r.Discount!),
        taxAdded: centsOfText(r['Tax added']!),
        lineTotal: centsOfText(r['Line total']!),
        customer: r.Customer,
      })),
    ).toEqual(expected.rows);
    expect(total).toMatchObject({
      ID: 'Page total',
      Discount: moneyText(sumOf(expected.rows, (r) => r.discount)),
      'Tax added': moneyText(sumOf(expected.rows, (r) => r.taxAdded)),
      'Line total': moneyText(sumOf(expected.rows, (r) => r.lineTotal)),
    });
    expect(stderr).toContain(`showing 20 of ${expected.count.toLocaleString('en-US')}`);
  },
  'receipt specs': async () => {
    const { stdout, stderr } = await report(['receipt', 'specs']);
    const expected = expectedSpecs(db, 1, 50);
    const { body } = onlyTable(stdout);
    expect(
      body.map((r) => ({
        id: Number(r.ID),
        item: r.Item,
        serial: r['Serial no'],
        imei: r['IMEI 1'],
        colour: r.Colour,
        salePrice: centsOfText(r['Sale price']!),
        shop: r.Shop,
      })),
    ).toEqual(expected.rows);
    expect(body.every((r) => r.Qty === '1')).toBe(true);
    expect(stderr).toContain(`showing 50 of ${expected.count.toLocaleString('en-US')}`);
  },
  'paidbalance --zone 1': async () => {
    const { stdout } = await report(['paidbalance', '--zone', '1']);
    const expected = expectedPaidBalance(db, { companyId: 1, zoneId: 1 }, monthKey());
    const { body, total } = onlyTable(stdout);
    const figures = {
      totalBf: 'Total b/f',
      rent: 'Rent',
      rentTax: 'Rent tax',
      service: 'Service',
      serviceTax: 'Service tax',
      paidRent: 'Paid rent',
      paidRentTax: 'Paid rent tax',
      paidService: 'Paid service',
      paidServiceTax: 'Paid service tax',
      totalCf: 'Total c/f',
    } as const;
    const shown = body.map((r) => ({
      property: r.Property,
      unit: r.Unit,
      tenant: r.Tenant,
      ...Object.fromEntries(Object.entries(figures).map(([key, heading]) => [key, centsOfText(r[heading]!)])),
    }));
    expect(shown).toEqual(expected.map(({ marketRent: _, ...row }) => row));
    // Zone 1 has let units, vacant ones and tenants in arrears: the rows are not all alike.
    expect(new Set(expected.map((r) => r.property)).size).toBeGreaterThan(1);
    expect(expected.some((r) => r.tenant === 'VACANT') && expected.some((r) => r.totalBf > 0) && expected.some((r) => r.paidRent > 0)).toBe(true);
    expect(total).toMatchObject(
      Object.fromEntries(Object.entries(figures).map(([key, heading]) => [heading, moneyText(sumOf(expected, (r) => r[key as keyof typeof figures]))])),
    );
  },
  'payadvice --property 1': async () => {
    const { stdout } = await report(['payadvice', '--property', '1']);
    const expected = expectedPayAdvice(db, 1, 1, monthKey());
    const [summaryTable, linesTable, ...rest] = tables(stdout);
    expect(rest).toEqual([]);
    // The summary is two columns, a name and its value, on every line.
    const summary = Object.fromEntries([summaryTable!.headings, ...summaryTable!.records.map((r) => Object.values(r))].map(([name, value]) => [name, value]));
    expect({
      rent: centsOfText(summary['Rent received']!),
      service: centsOfText(summary['Service charges received']!),
      income: centsOfText(summary['Period income']!),
      tax: centsOfText(summary['Tax collected for the landlord']!),
      expenses: centsOfText(summary.Expenses!),
      fees: centsOfText(summary['Management fees']!),
      vat: centsOfText(summary['VAT on management fees']!),
      deductions: centsOfText(summary['Total deductions']!),
      bf: centsOfText(summary['Balance brought forward']!),
      net: centsOfText(summary['Net amount due']!),
      type: summary['Statement type'],
    }).toEqual({
      rent: expected.rentReceived,
      service: expected.serviceReceived,
      income: expected.periodIncome,
      tax: expected.taxReceived,
      expenses: expected.expenses,
      fees: expected.fees,
      vat: expected.feesVat,
      deductions: expected.deductions,
      bf: expected.balanceBf,
      net: expected.netAmountDue,
      type: expected.statementType,
    });
    expect(expected.periodIncome).toBeGreaterThan(0);
    const lines = linesTable!.records.filter((r) => r.Unit !== 'Total');
    expect(
      lines.map((r) => ({
        unit: r.Unit,
        tenant: r.Tenant,
        charge: centsOfText(r['Monthly charge']!),
        bf: centsOfText(r['Balance b/f']!),
        invoiced: centsOfText(r.Invoiced!),
        paid: centsOfText(r.Paid!),
        paidTax: centsOfText(r['Paid tax']!),
        cf: centsOfText(r['Balance c/f']!),
      })),
    ).toEqual(
      expected.lines.map((l) => ({
        unit: l.unit,
        tenant: l.tenant,
        charge: l.rent,
        bf: l.totalBf,
        invoiced: l.rent + l.rentTax + l.service + l.serviceTax,
        paid: l.paidRent + l.paidService,
        paidTax: l.paidRentTax + l.paidServiceTax,
        cf: l.totalCf,
      })),
    );
  },
  'statements --landlord 1 --status ALL': async () => {
    const { stdout } = await report(['statements', '--landlord', '1', '--status', 'ALL']);
    const expected = expectedStatements(db, 1, 1);
    const { body, total } = onlyTable(stdout);
    // INTERIM drafts beside FINAL statements: no totals row adds them together.
    expect(total).toBeUndefined();
    expect(
      body.map((r) => ({
        id: Number(r.ID),
        property: r.Property,
        month: r.Month,
        year: Number(r.Year),
        status: r.Status,
        prepared: r.Prepared,
        balanceBf: centsOfText(r['Balance b/f']!),
        periodIncome: centsOfText(r['Period income']!),
        periodVat: centsOfText(r['Period VAT']!),
        feesTotal: centsOfText(r['Fees total']!),
        expenses: centsOfText(r.Expenses!),
        deferredPayment: centsOfText(r['Deferred payment']!),
        payable: centsOfText(r.Payable!),
      })),
    ).toEqual(expected);
    expect(new Set(expected.map((s) => s.status))).toEqual(new Set(['paid', 'approved', 'INTERIM draft']));
  },
};

describe('embedded (no server started by hand)', () => {
  it('demo says the store is ready', () => {
    expect(demoStderr()).toMatch(/demo ready/);
  });

  it('checks every report of the quick start', () => {
    expect(Object.keys(CHECKS)).toEqual(QUICK_START_REPORTS.map((args) => args.join(' ')));
  });

  for (const [command, check] of Object.entries(CHECKS)) {
    it(`${command} shows the demo's rows and figures as the store holds them`, check);
  }

  it('uses the demo profile: company, shop, user and cashbook', async () => {
    const { stdout } = await runInProcess(['config', 'list', '--format', 'json'], { home });
    expect(JSON.parse(stdout).settings).toMatchObject({ companyId: 1 });
    expect(Object.keys(JSON.parse(stdout).settings)).toEqual(expect.arrayContaining(['retailShopId', 'userId', 'cashbookId']));
  });

  it('refuses to overwrite a store that holds data', async () => {
    const again = await runInProcess(['--db', db, 'demo'], { home });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists already.*--replace/);
  });
});
