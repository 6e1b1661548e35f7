/**
 * Tables fit the terminal: at 80 and 120 columns (COLUMNS, as a pager or a narrow terminal
 * gives it), the sale list and the paid-and-balance report stay within the width, leaving out
 * their least important columns and saying which; --wide shows them all; --fields is obeyed.
 * In-process over the demo store.
 */
import { describe, expect, it } from 'vitest';
import { demoHome } from '../../helpers/demo-store.js';
import { runInProcess } from '../../helpers/cli-in-process.js';

const { dir: home, db } = demoHome();

const table = (columns: number, ...args: string[]) => runInProcess(['--db', db, ...args, '--format', 'table'], { home, extra: { COLUMNS: String(columns) } });
const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((line) => [...line].length),
  );
const headers = (text: string) =>
  text
    .split('\n')
    .find((line) => line.startsWith('│'))!
    .split('│')
    .map((cell) => cell.trim())
    .filter(Boolean);

describe("tables at the terminal's width", () => {
  it('sale list at 80 columns: within the width, total, paid and balance kept together, the id and payments left out and said so by heading', async () => {
    const result = await table(80, 'sale', 'list', '--limit', '6');
    expect(result.code, result.stderr).toBe(0);
    expect(widest(result.stdout)).toBeLessThanOrEqual(80);
    expect(headers(result.stdout)).toEqual(['Date', 'Receipt', 'Customer', 'Total', 'Paid', 'Balance']);
    expect(result.stderr).toContain('left out to fit 80 columns: ID, Payments (--wide shows every column; --fields chooses them)');
  });

  it('sale list at 120 columns shows every default column whole', async () => {
    const result = await table(120, 'sale', 'list', '--limit', '6');
    expect(result.code, result.stderr).toBe(0);
    expect(widest(result.stdout)).toBeLessThanOrEqual(120);
    expect(headers(result.stdout)).toEqual(['ID', 'Date', 'Receipt', 'Customer', 'Total', 'Paid', 'Balance', 'Payments']);
    expect(result.stdout).not.toContain('…');
    expect(result.stderr).not.toContain('left out');
  });

  it('paid and balance at 80 and 120 columns keeps the unit, tenant and balances; --wide keeps everything', async () => {
    const narrow = await table(80, 'paidbalance', '--property', '1', '--month', '10', '--year', '2026');
    expect(narrow.code, narrow.stderr).toBe(0);
    expect(widest(narrow.stdout)).toBeLessThanOrEqual(80);
    const kept = headers(narrow.stdout);
    for (const header of ['Unit', 'Tenant', 'Total b/f', 'Charged', 'Paid', 'Total c/f']) expect(kept).toContain(header);
    expect(kept).not.toContain('Property');
    const medium = await table(120, 'paidbalance', '--property', '1', '--month', '10', '--year', '2026');
    expect(widest(medium.stdout)).toBeLessThanOrEqual(120);
    expect(headers(medium.stdout).length).toBeGreaterThan(kept.length);
    const wide = await table(80, 'paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--wide');
    expect(headers(wide.stdout)).toEqual([
      'Property',
      'Unit',
      'Tenant',
      'Total b/f',
      'Rent',
      'Rent tax',
      'Service',
      'Service tax',
      'Paid rent',
      'Paid rent tax',
      'Paid service',
      'Paid service tax',
      'Total c/f',
    ]);
    expect(widest(wide.stdout)).toBeGreaterThan(80);
  });

  it('pay advice at 80 columns: its rent lines keep unit, tenant, b/f, invoiced, paid with tax and c/f, and say what was left out; --wide shows all', async () => {
    const narrow = await table(80, 'payadvice', '--property', '1', '--month', '10', '--year', '2026');
    expect(narrow.code, narrow.stderr).toBe(0);
    expect(widest(narrow.stdout)).toBeLessThanOrEqual(80);
    const rentHeaders = (text: string) => headers(text.slice(text.indexOf('Rent lines')));
    expect(rentHeaders(narrow.stdout)).toEqual(['Unit', 'Tenant', 'Balance b/f', 'Invoiced', 'Paid with tax', 'Balance c/f']);
    expect(narrow.stderr).toContain('left out of the rents to fit 80 columns: Monthly charge (--wide shows them)');
    const wide = await table(80, 'payadvice', '--property', '1', '--month', '10', '--year', '2026', '--wide');
    expect(rentHeaders(wide.stdout)).toEqual(['Unit', 'Tenant', 'Monthly charge', 'Balance b/f', 'Invoiced', 'Paid', 'Paid tax', 'Balance c/f']);
    expect(widest(wide.stdout)).toBeGreaterThan(80);
    expect(wide.stderr).not.toContain('left out');
  });

  it('never leaves out a column chosen with --fields', async () => {
    const result = await table(
      80,
      'sale',
      'list',
      '--limit',
      '3',
      '--fields',
      'id,receiptNo,issuedTo,issuedToPhone,totalAmount,amountPaid,balance,payments,refNo',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(headers(result.stdout)).toEqual(['ID', 'Receipt', 'Customer', 'Phone', 'Total', 'Paid', 'Balance', 'Payments', 'Ref no']);
  });

  it('wraps the help to the width (80 in a pipe, else COLUMNS); only example command lines may run past it', async () => {
    for (const columns of [80, 120]) {
      for (const args of [['--help'], ['sale', 'save', '--help'], ['paidbalance', '--help']]) {
        const result = await runInProcess(args, { home, extra: { COLUMNS: String(columns) } });
        expect(result.code, result.stderr).toBe(0);
        const long = result.stdout.split('\n').filter((line) => line.length > columns && !line.startsWith('  $ '));
        expect(long, `${args.join(' ')} at ${columns}`).toEqual([]);
      }
    }
  });

  it("heads a report's table with what it is of; json and csv carry no heading", async () => {
    const sales = await table(80, 'sale', 'list', '--limit', '2', '--company', '1');
    expect(sales.stdout.split('\n')[0]).toBe('Cash sales · company 1 · newest first');
    const balances = await table(80, 'paidbalance', '--property', '1', '--month', '10', '--year', '2026');
    expect(balances.stdout.split('\n')[0]).toBe('Paid and balance · company 1 · property 1 · October 2026');
    const advice = await table(80, 'payadvice', '--property', '1', '--month', '10', '--year', '2026', '--type', 'RENT_ONLY');
    expect(advice.stdout.split('\n')[0]).toBe('Pay advice · company 1 · property 1 · RENT_ONLY · October 2026');
    const json = await runInProcess(['--db', db, 'sale', 'list', '--limit', '2', '--format', 'json'], { home });
    expect(json.stdout.startsWith('[')).toBe(true);
  });
});
