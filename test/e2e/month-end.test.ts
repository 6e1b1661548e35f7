/**
 * `shopprop month-end` in the built binary, on the demo company's October 2026: on the local
 * store for a landlord, a zone, a property and the whole company; against `serve` (collect
 * only); on PostgreSQL. Each folder is read back: the manifest's sizes and hashes, the workbook
 * (sheets, titles, frozen headers, totals, cell types), every PDF parsed against the statements
 * report, and summary.txt against the pay advices.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { cents, checkPdfs, columnOf, readManifest, readWorkbook, tableRows, type StatementJson } from '../helpers/month-end-folder.js';
import { usePostgres } from '../helpers/postgres.js';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';

const { dir: home, db } = demoHome();
const MONTH = ['--month', '10', '--year', '2026'];
const cli = (args: string[]) => runCli(args, { home, cwd: home, timeoutMs: 120_000 });
const local = (args: string[]) => cli(['--db', db, ...args]);

async function statementsOf(run: (args: string[]) => ReturnType<typeof cli>, landlords: number[]): Promise<StatementJson[]> {
  const all: StatementJson[] = [];
  for (const landlord of landlords) {
    const listed = await run(['statements', '--landlord', String(landlord), '--format', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    all.push(...(JSON.parse(listed.stdout) as StatementJson[]));
  }
  return all;
}

async function payAdviceCents(run: (args: string[]) => ReturnType<typeof cli>, propertyIds: number[], field: string): Promise<number> {
  let sum = 0;
  for (const id of propertyIds) {
    const advice = await run(['payadvice', '--property', String(id), ...MONTH, '--format', 'json']);
    expect(advice.code, advice.stderr).toBe(0);
    sum += Math.round((JSON.parse(advice.stdout) as Record<string, number>)[field]! * 100);
  }
  return sum;
}

/** The amount as summary.txt writes it. */
const grouped = (centsValue: number) => (centsValue / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('month-end on the local store', () => {
  const folder = join(home, 'october-ll1');

  it("prepares the landlord's statements and writes the folder: nothing on stderr in a pipe", async () => {
    const run = await local(['month-end', '--landlord', '1', ...MONTH, '-o', folder]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(readdirSync(folder).sort()).toEqual(
      [
        'expenses.csv',
        'manifest.json',
        'month-end-2026-10.xlsx',
        'paid-balance.csv',
        'pay-advices.csv',
        'rent-lines.csv',
        'statements',
        'statements.csv',
        'summary.txt',
      ].sort(),
    );
    expect(readdirSync(home).filter((name) => name.includes('.partial'))).toEqual([]);
    const manifest = readManifest(folder);
    expect(manifest.scope).toBe('landlord LL0001 Achieng Barasa');
    expect(manifest.notes).toEqual(['prepared 2 INTERIM statements of 2 properties']);
    expect(manifest.files.filter((f) => f.path.endsWith('.pdf')).map((f) => f.path)).toEqual([
      'statements/LL0001/P0001-2026-10-INTERIM.pdf',
      'statements/LL0001/P0002-2026-10-INTERIM.pdf',
    ]);
    expect(await checkPdfs(folder, manifest, await statementsOf(local, [1]), '2026-10')).toBe(2);
  });

  it('the workbook: a titled sheet per report, frozen headers, totals that add up and equal the pay advices, typed cells', async () => {
    const workbook = await readWorkbook(join(folder, 'month-end-2026-10.xlsx'));
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Paid and balance',
      'Pay advices',
      'Rent lines',
      'Expenses',
      'Statements',
      'Pay advice P0001',
      'Pay advice P0002',
    ]);
    for (const sheet of workbook.worksheets) {
      expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/· company 1 · .*October 2026$/);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    }
    const paidBalance = workbook.getWorksheet('Paid and balance')!;
    const { rows, totals } = tableRows(paidBalance);
    expect(rows).toHaveLength(38);
    for (const heading of ['Paid rent', 'Paid service', 'Total c/f']) {
      const col = columnOf(paidBalance, heading);
      expect(cents(totals.getCell(col).value)).toBe(rows.reduce((sum, row) => sum + cents(row.getCell(col).value), 0));
      expect(totals.getCell(col).numFmt).toBe('#,##0.00');
    }
    // For a property and month, the tenants' paid figures are the COMBINED pay advice's received ones.
    expect(cents(totals.getCell(columnOf(paidBalance, 'Paid rent')).value)).toBe(await payAdviceCents(local, [1, 2], 'rentReceived'));
    expect(cents(totals.getCell(columnOf(paidBalance, 'Paid service')).value)).toBe(await payAdviceCents(local, [1, 2], 'totalUtility'));
    // Phone numbers, accounts and ids are text; money is a number.
    expect(typeof rows[0]!.getCell(columnOf(paidBalance, 'Phone')).value).toBe('string');
    expect(typeof rows[0]!.getCell(columnOf(paidBalance, 'Account')).value).toBe('string');
    expect(typeof rows[0]!.getCell(columnOf(paidBalance, 'Tenancy')).value).toBe('string');
    const statements = workbook.getWorksheet('Statements')!;
    const statementRows = tableRows(statements);
    expect(statementRows.rows.map((row) => typeof row.getCell(columnOf(statements, 'ID')).value)).toEqual(['string', 'string']);
    expect(cents(statementRows.totals.getCell(columnOf(statements, 'Payable')).value)).toBe(await payAdviceCents(local, [1, 2], 'netAmountDue'));
    expect(statementRows.rows[0]!.getCell(columnOf(statements, 'Prepared')).value).toBeInstanceOf(Date);
  });

  it('summary.txt: per landlord and property, totals equal to the pay advices', async () => {
    const summary = readFileSync(join(folder, 'summary.txt'), 'utf8');
    expect(summary.split('\n')[0]).toBe('Month-end · company 1 · landlord LL0001 Achieng Barasa · October 2026');
    const total = summary
      .split('\n')
      .find((line) => line.startsWith('TOTAL'))!
      .trim()
      .split(/\s+/)
      .slice(1);
    const expected = [];
    for (const field of ['periodIncome', 'manFees', 'manFeesVat', 'periodExpense', 'netAmountDue'])
      expected.push(grouped(await payAdviceCents(local, [1, 2], field)));
    expect(total).toEqual(expected);
    expect(summary).toMatch(/^ {2}P0001 Wambui Residency\s+559,347\.00\s+55,934\.70\s+8,949\.55\s+0\.00\s+494,462\.75$/m);
    expect(summary).toMatch(/Ten largest arrears \(total c\/f\):\n\s+367,350\.00 {2}P0002 B2 Otieno Ochieng/);
  });

  it('for a zone, a property and the whole company: a PDF per property, each of its statement', async () => {
    for (const [args, scope, count, landlords] of [
      [['--zone', '2'], 'zone 2 Kilimani', 3, [1, 3, 4]],
      [['--property', '3'], 'property P0003 Kariuki Park', 1, [2]],
      [[], 'whole company', 8, [1, 2, 3, 4]],
    ] as const) {
      const out = join(home, `october-${scope.split(' ')[0]}`);
      const run = await local(['month-end', ...args, ...MONTH, '-o', out]);
      expect(run.code, run.stderr).toBe(0);
      const manifest = readManifest(out);
      expect(manifest.scope).toBe(scope);
      expect(await checkPdfs(out, manifest, await statementsOf(local, [...landlords]), '2026-10')).toBe(count);
      const workbook = await readWorkbook(join(out, 'month-end-2026-10.xlsx'));
      expect(workbook.worksheets).toHaveLength(5 + count);
    }
  });

  it('a month a FINAL closed is reported and left as it is; the next run keeps that FINAL', async () => {
    const out = join(home, 'october-final');
    const first = await local(['month-end', '--property', '4', ...MONTH, '--final', '-o', out]);
    expect(first.code, first.stderr).toBe(0);
    const finalId = readManifest(out).files.find((f) => f.path === 'statements/LL0002/P0004-2026-10-FINAL.pdf')!.statementId;
    const again = await local(['month-end', '--property', '4', ...MONTH, '-o', out, '--force']);
    expect(again.code, again.stderr).toBe(0);
    const manifest = readManifest(out);
    expect(manifest.notes[0]).toBe('prepared 0 INTERIM statements of 1 property');
    expect(manifest.notes[1]).toMatch(/^P0004 Mwangi Apartments: left as it is \(property 4 already has a FINAL statement for 10\/2026/);
    expect(manifest.files.find((f) => f.path.endsWith('.pdf'))).toMatchObject({ path: 'statements/LL0002/P0004-2026-10-FINAL.pdf', statementId: finalId });
  });

  it('an existing folder is replaced only with --force, whole', async () => {
    const out = join(home, 'kept');
    mkdirSync(out);
    writeFileSync(join(out, 'mine.txt'), 'kept');
    const refused = await local(['month-end', '--property', '1', ...MONTH, '-o', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/kept exists: --force replaces it/);
    expect(readdirSync(out)).toEqual(['mine.txt']);
    const forced = await local(['month-end', '--property', '1', ...MONTH, '-o', out, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(existsSync(join(out, 'mine.txt'))).toBe(false);
    expect(existsSync(join(out, 'manifest.json'))).toBe(true);
  });
});

describe('month-end against serve: the statements that exist are collected', () => {
  let server: ChildProcess | undefined;
  let baseUrl = '';
  let token = '';
  beforeAll(async () => {
    const created = await local(['local', 'token', 'create', '--company', '1', '--role', 'accountant', '--name', 'month-end']);
    expect(created.code, created.stderr).toBe(0);
    token = created.stdout.trim();
    server = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0', '--quiet'], { env: cliEnv({ home }), stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${said}`)), 30_000);
      server!.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        said += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(said);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]!);
      });
    });
  }, 60_000);
  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGTERM');
  });
  const remote = (args: string[]) => cli(['--base-url', baseUrl, '--token', token, ...args]);

  it('gives the same reports as the local store for a month whose statements exist', async () => {
    const out = join(home, 'served-ll1');
    const run = await remote(['month-end', '--landlord', '1', ...MONTH, '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const manifest = readManifest(out);
    expect(manifest.source).toBe(baseUrl);
    expect(manifest.notes).toEqual(['collected the statements that exist (this service prepares none): every property has one']);
    expect(await checkPdfs(out, manifest, await statementsOf(remote, [1]), '2026-10')).toBe(2);
    for (const file of ['paid-balance.csv', 'pay-advices.csv', 'rent-lines.csv', 'expenses.csv']) {
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(home, 'october-ll1', file), 'utf8'));
    }
  });

  it('names the properties without a statement for the month, and refuses --final', async () => {
    const out = join(home, 'served-november');
    const run = await remote(['month-end', '--zone', '1', '--month', '11', '--year', '2026', '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const manifest = readManifest(out);
    const november = (await statementsOf(remote, [1, 2, 4])).filter((s) => (s as unknown as { month: string }).month === 'NOVEMBER');
    const without = ['P0001 Wambui Residency', 'P0004 Mwangi Apartments', 'P0007 Chege Gardens'].filter(
      (p) => !november.some((s) => s.propertyCode === p.split(' ')[0]),
    );
    expect(manifest.notes.slice(1)).toEqual(without.map((p) => `${p}: no statement for the month`));
    expect(readFileSync(join(out, 'summary.txt'), 'utf8')).toContain('Without a statement for the month:');
    const final = await remote(['month-end', '--zone', '1', '--final', '-o', join(home, 'nothing')]);
    expect(final.code).toBe(2);
    expect(final.stderr).toMatch(/--final prepares statements/);
  });
});

describe('month-end on PostgreSQL', () => {
  const postgres = usePostgres();
  let url = '';
  beforeAll(async () => {
    url = await postgres.createDatabase();
    const demo = await cli(['demo', '--database', url]);
    expect(demo.code, demo.stderr).toBe(0);
  }, 180_000);

  it('prepares and writes the folder of a landlord', async () => {
    const out = join(home, 'pg-ll2');
    const run = await cli(['--database', url, 'month-end', '--landlord', '2', ...MONTH, '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const manifest = readManifest(out);
    expect(manifest.source).toMatch(/^postgres/);
    expect(manifest.notes).toEqual(['prepared 2 INTERIM statements of 2 properties']);
    expect(await checkPdfs(out, manifest, await statementsOf((args) => cli(['--database', url, ...args]), [2]), '2026-10')).toBe(2);
    const workbook = await readWorkbook(join(out, 'month-end-2026-10.xlsx'));
    const paidBalance = workbook.getWorksheet('Paid and balance')!;
    const { rows, totals } = tableRows(paidBalance);
    const col = columnOf(paidBalance, 'Paid rent');
    expect(cents(totals.getCell(col).value)).toBe(rows.reduce((sum, row) => sum + cents(row.getCell(col).value), 0));
  });
});
