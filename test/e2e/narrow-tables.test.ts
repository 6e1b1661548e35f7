/**
 * Tables at a terminal of 80 columns, as an accountant and a cashier meet them on the demo's
 * October 2026 with the built binary: every line fits the terminal, and every row of every
 * table that had to narrow adds up as shown (paid and balance, a pay advice's rent lines, sale
 * lines, sales), its totals row included. What was left out is said by the headings a person
 * sees, wrapped at the terminal's width between words.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashSaleColumns, paidBalanceColumns, rentLineColumns, saleItemColumns } from '../../src/cli/output/columns/index.js';
import { shopCashierColumns } from '../../src/cli/output/columns/mpesa-reconcile.js';
import type { ColumnSet } from '../../src/cli/output/columns/types.js';
import { outboxColumns } from '../../src/cli/sale/outbox-columns.js';
import { Outbox } from '../../src/cli/sale/outbox-store.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { spawnPty } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { readTable, rowsNotAddingUp } from '../helpers/table-sums.js';

const home = mkdtempSync(join(tmpdir(), 'shopprop-narrow-'));
const db = join(home, 'demo.db');

beforeAll(async () => {
  const demo = await runCli(['demo', '--db', db], { home, timeoutMs: 120_000 });
  expect(demo.code, demo.stderr).toBe(0);
}, 120_000);

/** What an 80-column terminal shows for the command, and its exit code. */
async function at80(args: string[]): Promise<{ screen: string; code: number }> {
  const term = spawnPty(['--db', db, ...args], { home }, { cols: 80, rows: 50 });
  const code = await term.exited;
  return { screen: term.screen().replaceAll('\r', ''), code };
}

describe.each<[string, string[], ColumnSet, string]>([
  ['paid and balance', ['paidbalance', '--zone', '1', '--month', '10', '--year', '2026'], paidBalanceColumns, ''],
  ['a pay advice', ['payadvice', '--property', '1', '--month', '10', '--year', '2026'], rentLineColumns, 'Rent lines'],
  ['sale lines', ['sale', 'items', '--shop', '1'], saleItemColumns, ''],
  ['sales', ['sale', 'list'], cashSaleColumns, ''],
])('%s at 80 columns', (_name, args, columns, section) => {
  it('fits the terminal, and every row adds up as shown', async () => {
    const { screen, code } = await at80(args);
    expect(code, screen).toBe(0);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    const table = readTable(section ? screen.slice(screen.indexOf(section)) : screen);
    const { checked, wrong } = rowsNotAddingUp(table, columns);
    expect(wrong, screen).toEqual([]);
    expect(checked, screen).toBeGreaterThan(3);
  }, 60_000);
});

describe('what a narrow table left out', () => {
  it('is said by heading, wrapped between words at 80 columns', async () => {
    const { screen } = await at80(['sale', 'items', '--shop', '1']);
    const hint = screen.slice(screen.indexOf('left out to fit'), screen.indexOf(')', screen.indexOf('left out to fit')) + 1);
    expect(hint).toBe('left out to fit 80 columns: ID, Date, Customer (--wide shows every column;\n  --fields chooses them)');
  }, 60_000);
});

describe('a page of the sale list at a terminal', () => {
  it('labels its totals row as the page total, beside how many of the sales it shows', async () => {
    const { screen } = await at80(['sale', 'list']);
    expect(screen).toMatch(/│ Page total\s+│/);
    expect(screen).toContain('showing 50 of 900; --all for every page');
  }, 60_000);
});

describe("landlords' statements at a terminal", () => {
  it('shows each status whole (a draft is never cut to "INTERIM dra…")', async () => {
    const { screen, code } = await at80(['statements', '--landlord', '1']);
    expect(code, screen).toBe(0);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    const table = readTable(screen);
    const statusAt = table.headings.indexOf('Status');
    expect(new Set(table.rows.map((row) => row[statusAt]))).toEqual(new Set(['INTERIM draft', 'approved', 'paid']));
  }, 60_000);
});

describe('serialised units in stock at a terminal', () => {
  it('shows every IMEI and serial number whole, leaving out the quantity and the shop first', async () => {
    const listed = await runCli(['--db', db, 'receipt', 'specs', '--format', 'json'], { home });
    expect(listed.code, listed.stderr).toBe(0);
    const units = (JSON.parse(listed.stdout) as { imei1: string; serialNo: string }[]).slice(0, 50);
    const { screen, code } = await at80(['receipt', 'specs']);
    expect(code, screen).toBe(0);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    const table = readTable(screen);
    expect(table.headings).toEqual(expect.arrayContaining(['IMEI 1', 'Serial no']));
    expect(table.headings).not.toContain('Qty');
    const imeiAt = table.headings.indexOf('IMEI 1');
    const serialAt = table.headings.indexOf('Serial no');
    expect(table.rows.map((row) => [row[imeiAt], row[serialAt]])).toEqual(units.map((u) => [u.imei1, u.serialNo]));
  }, 60_000);
});

/** Every row of the screen's table from `section` on (to `until`) adds up as shown; returns how many were checked. */
function addsUpAsShown(screen: string, columns: ColumnSet, section: string, until?: string): number {
  const from = screen.indexOf(section);
  expect(from, screen).toBeGreaterThan(-1);
  const table = readTable(screen.slice(from, until === undefined ? undefined : screen.indexOf(until, from)));
  const { checked, wrong } = rowsNotAddingUp(table, columns);
  expect(wrong, screen).toEqual([]);
  return checked;
}

// Last in the file: these write sales and an outbox the tables above must not see.
describe("the till's M-Pesa reconciliation and the offline outbox at 80 columns", () => {
  let refs: CompanyRefs;
  beforeAll(async () => {
    const store = await openStore(db);
    try {
      refs = companyRefs(store, 1);
    } finally {
      await store.close();
    }
  });

  it("the findings' totals say they are the findings', and each shop's and cashier's amount adds up from what was found and not", async () => {
    // A day before the demo's sales, so the period holds only these.
    const day = '2023-03-10';
    const amounts: Record<string, number> = {};
    for (const [code, qty] of [
      ['QA11111111', 3],
      ['QB22222222', 5],
      ['QC33333333', 1],
    ] as const) {
      const body = saleBody(refs, [accessoryLine(refs, qty)], { over: { issueDate: day, paymentMethod: 'MPESA', transactionType: 'MPESA', refNo: code } });
      body.channelsDto = [{ channelId: refs.channels.MPESA, referenceNo: code, amount: body.amountPaid }];
      const saved = await runCli(['--db', db, 'sale', 'save', '--file', '-', '--format', 'json'], { home, input: JSON.stringify(body) });
      expect(saved.code, saved.stderr).toBe(0);
      amounts[code] = Math.round(body.amountPaid * 100);
    }
    const text = (cents: number) => `"${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`;
    const row = (code: string, time: string, paidIn: string) =>
      [code, time, time, 'Merchant Payment', 'Completed', paidIn, '', '"1,000,000.00"', 'true', 'Buy Goods', '2547****126 - FAITH ODHIAMBO', '', ''].join(',');
    const statement = join(home, 'till.csv');
    writeFileSync(
      statement,
      [
        'Organization Name,"ACME PHONES"',
        'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.',
        row('QA11111111', '2023-03-10 10:15:02', text(amounts.QA11111111!)),
        row('QB22222222', '2023-03-10 11:01:44', text(amounts.QB22222222! + 100)),
        row('QD44444444', '2023-03-10 12:30:00', '"1,250.00"'),
        row('QG77777777', '2023-03-10 12:45:00', '"3,300.00"'),
      ].join('\r\n') + '\r\n',
    );
    const { screen, code } = await at80(['sale', 'reconcile', 'mpesa', statement, '--from', day, '--to', day, '--company', '1']);
    expect(code, screen).toBe(0);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    // A finding's amounts stand side by side: the totals row says it covers the findings, and keeps the receipt column.
    const findings = readTable(screen.slice(screen.indexOf('Findings'), screen.indexOf('M-Pesa sales per shop')));
    expect(findings.headings).toEqual(expect.arrayContaining(['M-Pesa code', 'On statement', 'On sale', 'Receipt']));
    expect(findings.rows.at(-1)![0]).toBe('Findings total');
    expect(findings.rows).toHaveLength(5);
    expect(addsUpAsShown(screen, shopCashierColumns, 'M-Pesa sales per shop')).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('the kept sales add up: total less paid is the balance, the totals row too', async () => {
    const outbox = await Outbox.open(join(home, 'demo.outbox.db'));
    try {
      for (let i = 1; i <= 4; i++) {
        const body = saleBody(refs, [accessoryLine(refs, i)], { over: { issuedTo: `Customer number ${i} of the day`, refNo: `OFF-${i}` } });
        // Two of them paid in part.
        if (i % 2 === 0) body.amountPaid = Math.round(body.totalAmount * 50) / 100;
        outbox.add({
          idempotencyKey: `narrow-${i}`,
          target: `local:${db}`,
          body,
          createdAt: Date.UTC(2026, 9, 30, 9, i),
          reason: 'the service could not be reached: connect ECONNREFUSED 127.0.0.1:8080 (the sale is kept and sent by the next sync)',
        });
      }
    } finally {
      outbox.close();
    }
    const { screen, code } = await at80(['sale', 'outbox']);
    expect(code, screen).toBe(0);
    for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(addsUpAsShown(screen, outboxColumns, '│')).toBe(5);
  }, 60_000);
});
