/**
 * `statements` for one month (--month, --year: the interface has no such filter, so the other
 * months are left out here, the count with them), its id column kept in a narrow table, and
 * --fields naming columns by the headings shown.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const db = join(temp.dir, 'demo.db');
const cli = (args: string[], extra: Record<string, string> = {}) => runInProcess(['--db', db, ...args], { home: temp.dir, extra });

beforeAll(async () => {
  expect((await cli(['demo'])).code).toBe(0);
  for (const property of ['1', '2']) {
    const prepared = await cli(['local', 'statement', 'prepare', '--property', property, '--month', '10', '--year', '2026']);
    expect(prepared.code, prepared.stderr).toBe(0);
  }
}, 60_000);

type Listed = { id: number; month: string; year: number; propertyName: string }[];

describe('statements --month --year', () => {
  it("lists the month's statements only", async () => {
    const all = JSON.parse((await cli(['statements', '--landlord', '1', '--format', 'json'])).stdout) as Listed;
    expect(new Set(all.map((s) => s.month)).size).toBeGreaterThan(1);
    const october = await cli(['statements', '--landlord', '1', '--month', '10', '--year', '2026', '--format', 'json']);
    expect(october.code, october.stderr).toBe(0);
    const listed = JSON.parse(october.stdout) as Listed;
    expect(listed.map((s) => `${s.month} ${s.year}`)).toEqual(all.filter((s) => s.month === 'OCTOBER' && s.year === 2026).map(() => 'OCTOBER 2026'));
    expect(listed.length).toBeGreaterThanOrEqual(2);
    const year = JSON.parse((await cli(['statements', '--landlord', '1', '--year', '2025', '--format', 'json'])).stdout) as Listed;
    expect(year).toEqual([]);
  });

  it('keeps the id in a table narrowed to 80 columns, and takes headings in --fields', async () => {
    const table = await cli(['statements', '--landlord', '1', '--month', '10', '--year', '2026', '--format', 'table'], { COLUMNS: '80' });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[1]).toMatch(/│ +ID │ Property/);
    expect(table.stderr).not.toMatch(/left out to fit 80 columns: .*\bid\b/);
    const picked = await cli(['statements', '--landlord', '1', '--month', '10', '--year', '2026', '--format', 'csv', '--fields', 'id,property,Payable']);
    expect(picked.code, picked.stderr).toBe(0);
    expect(picked.stdout.split('\r\n')[0]).toBe('id,propertyName,amtPyble');
  });
});
