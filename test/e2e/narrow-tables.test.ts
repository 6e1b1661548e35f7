/**
 * Tables at a terminal of 80 columns, as an accountant and a cashier meet them on the demo's
 * October 2026 with the built binary: every line fits the terminal, and every row of every
 * table that had to narrow adds up as shown (paid and balance, a pay advice's rent lines, sale
 * lines, sales), its totals row included. What was left out is said by the headings a person
 * sees, wrapped at the terminal's width between words.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashSaleColumns, paidBalanceColumns, rentLineColumns, saleItemColumns } from '../../src/cli/output/columns/index.js';
import type { ColumnSet } from '../../src/cli/output/columns/types.js';
import { spawnPty } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
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
