/**
 * `local import` reads its file as a stream, on the built CLI: a generated receipts file of tens
 * of thousands of rows imports under a heap limit far smaller than the file held in memory
 * would need; a file refused on its last line commits nothing of its earlier slices; a file too
 * large to check (a record of megabytes, a tenants file beyond the heap) is refused in words
 * with exit 2, never ended by V8; the bytes read are shown on a terminal.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPty } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const db = join(temp.dir, 'shop.db');
const UNITS = 200;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
// A heap this small is mostly young generation (a semi-space of up to 16 MB), and one scavenge
// may promote all of it past the limit between two looks at the heap: the young generation is
// kept at 1 MB so the refusal is decided by what the import holds, as in a heap of usual size.
const cli = (args: string[], heapMb?: number) =>
  runCli([...args, '--db', db, '--company', '1'], {
    home: temp.dir,
    timeoutMs: 120_000,
    extra: heapMb === undefined ? {} : { NODE_OPTIONS: `--max-old-space-size=${heapMb} --max-semi-space-size=1` },
  });
const file = (name: string, text: string) => {
  const path = join(temp.dir, name);
  writeFileSync(path, text);
  return path;
};
const count = (sql: string) => {
  const sqlite = new Database(db, { readonly: true });
  try {
    return (sqlite.prepare(sql).get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
};

/** Receipt `i`: one of the year's payments of a tenant, its own M-Pesa code. */
const receipt = (i: number) => {
  const unit = pad((i % UNITS) + 1, 3);
  const day = new Date(Date.UTC(2026, 0, 1) + i * 600_000);
  const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1, 2)}-${pad(day.getUTCDate(), 2)}T${pad(day.getUTCHours(), 2)}:${pad(day.getUTCMinutes(), 2)}`;
  return `P1,U${unit},T${unit},${date},${1000 + (i % 500)}.50,SB${i.toString(36).toUpperCase().padStart(8, '0')}`;
};
const receiptsFile = (name: string, rows: string[]) => file(name, `property_code,unit_no,tenant_account,date,amount,reference\n${rows.join('\n')}\n`);

beforeAll(async () => {
  expect((await runCli(['local', 'company', 'create', '--name', 'Acme', '--db', db], { home: temp.dir })).code).toBe(0);
  const units = Array.from({ length: UNITS }, (_, i) => pad(i + 1, 3));
  const reference: [string, string][] = [
    ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
    ['properties', 'code,name,landlord_code\nP1,Mvule House,L1\n'],
    ['units', `property_code,unit_no,market_rent\n${units.map((u) => `P1,U${u},30000`).join('\n')}\n`],
    ['tenants', `account_no,name\n${units.map((u) => `T${u},Tenant ${u}`).join('\n')}\n`],
    ['tenancies', `property_code,unit_no,tenant_account,from\n${units.map((u) => `P1,U${u},T${u},2025-01-01`).join('\n')}\n`],
  ];
  for (const [kind, text] of reference) {
    const imported = await cli(['local', 'import', kind, file(`${kind}.csv`, text)]);
    expect(imported.code, imported.stderr).toBe(0);
  }
}, 120_000);
afterAll(() => temp.remove());

describe('local import read as a stream', () => {
  it('refuses a file of several slices on its last line, and commits nothing of it', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => receipt(i + 1));
    rows.push('P1,U001,T001,2026-13-01,100,SBLASTLINE');
    const refused = await cli(['local', 'import', 'receipts', receiptsFile('last-line.csv', rows)]);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain('receipts file refused, nothing imported (1 problem):\n  line 5002, date: "2026-13-01" is not a date');
    expect(count('select count(*) as n from receipts')).toBe(0);
    expect(count('select count(*) as n from receipt_allocations')).toBe(0);
  });

  it('imports 40,000 receipts under a 40 MB heap, the file held whole would not fit', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => receipt(i + 1));
    const imported = await cli(['local', 'import', 'receipts', receiptsFile('many.csv', rows)], 40);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain('imported 40,000 receipts from');
    expect(count('select count(*) as n from receipts')).toBe(40_000);
    expect(count('select sum(amount_cents) as n from receipts')).toBe(rows.reduce((sum, _, i) => sum + (1000 + ((i + 1) % 500)) * 100 + 50, 0));
  }, 120_000);

  it('refuses a record of megabytes with a message and exit 2, not a crash', async () => {
    const huge = receiptsFile('huge.csv', [`P1,U001,T001,2026-10-05,100,${'X'.repeat(3_000_000)}`]);
    const refused = await cli(['local', 'import', 'receipts', huge], 40);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/line \d+: a record longer than 1,000,000 characters: a quote never closed, or not a CSV file/);
    expect(refused.stderr).not.toMatch(/heap out of memory|FATAL ERROR/);
  });

  it('refuses a file too large for the heap it is given with a message and exit 2, not a crash', async () => {
    // Every account of a tenants file is remembered (each must be new), so this one outgrows a 24 MB heap.
    const tenants = Array.from({ length: 400_000 }, (_, i) => `X${pad(i, 7)}-a-longer-account-number-to-fill-memory,Tenant ${i}`);
    const big = file('tenants-big.csv', `account_no,name\n${tenants.join('\n')}\n`);
    const refused = await cli(['local', 'import', 'tenants', big], 24);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(
      /tenants file refused, nothing imported \(1 problem\):\n {2}line \d+: the file is too large to check in the memory this process may use/,
    );
    expect(refused.stderr).not.toMatch(/heap out of memory|FATAL ERROR/);
    expect(count(`select count(*) as n from tenants where account_no like 'X%'`)).toBe(0);
  }, 120_000);

  it('shows the bytes read on a terminal', async () => {
    const receipts = receiptsFile(
      'shown.csv',
      Array.from({ length: 3000 }, (_, i) => receipt(100_000 + i)),
    );
    const session = spawnPty(['local', 'import', 'receipts', receipts, '--db', db, '--company', '1'], { home: temp.dir });
    expect(await session.exited).toBe(0);
    expect(session.screen()).toMatch(/reading .*shown\.csv: bytes [\d,]+ of [\d,]+/);
    expect(session.screen()).toContain('imported 3,000 receipts from');
  }, 60_000);
});
