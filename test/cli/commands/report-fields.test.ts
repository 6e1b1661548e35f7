/**
 * `--fields` on the pay advice in every format, as README says: outside CSV it picks the pay
 * advice's own fields and sections, in CSV the columns of the rent lines; an unknown name is
 * refused with the valid ones, exit 2.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const db = join(temp.dir, 'demo.db');
const cli = (args: string[]) => runInProcess(['--db', db, ...args], { home: temp.dir });
const ADVICE = ['payadvice', '--property', '1', '--month', '10', '--year', '2026'];

beforeAll(async () => {
  const demo = await cli(['demo']);
  expect(demo.code, demo.stderr).toBe(0);
}, 60_000);

describe('payadvice --fields', () => {
  it("picks the pay advice's fields in JSON and ndjson, in the order given", async () => {
    const whole = JSON.parse((await cli([...ADVICE, '--format', 'json'])).stdout);
    const json = await cli([...ADVICE, '--format', 'json', '--fields', 'netAmountDue,manFees']);
    expect(json.code, json.stderr).toBe(0);
    const picked = JSON.parse(json.stdout);
    expect(Object.keys(picked)).toEqual(['netAmountDue', 'manFees']);
    expect(picked).toEqual({ netAmountDue: whole.netAmountDue, manFees: whole.manFees });
    const ndjson = await cli([...ADVICE, '--format', 'ndjson', '--fields', 'expenseList']);
    expect(JSON.parse(ndjson.stdout)).toEqual({ expenseList: whole.expenseList });
  });

  it('picks summary lines and sections of the table', async () => {
    const table = await cli([...ADVICE, '--format', 'table', '--fields', 'netAmountDue']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Net amount due/);
    expect(table.stdout).not.toMatch(/Management fees|Rent lines|Expenses/);
    const withRents = await cli([...ADVICE, '--format', 'table', '--fields', 'rentsList']);
    expect(withRents.stdout).toMatch(/Rent lines/);
    expect(withRents.stdout).not.toMatch(/Net amount due|Expenses/);
  });

  it("picks the rent lines' columns in CSV", async () => {
    const csv = await cli([...ADVICE, '--format', 'csv', '--fields', 'unitNo,balanceCf']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split('\r\n')[0]).toBe('unitNo,balanceCf');
  });

  it('refuses an unknown field in any format, listing the valid ones', async () => {
    const json = await cli([...ADVICE, '--format', 'json', '--fields', 'netDue']);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/^shopprop: unknown field "netDue" for a pay advice; valid fields: rentReceived, .*netAmountDue.*rentsList, expenseList/);
    const csv = await cli([...ADVICE, '--format', 'csv', '--fields', 'netDue']);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toMatch(/unknown field "netDue" for rent line; valid fields: unitNo/);
  });

  it('is refused, not ignored, by a command with no columns to choose', async () => {
    const receipt = await cli(['receipt', 'print', '120', '--fields', 'id']);
    expect(receipt.code).toBe(2);
    expect(receipt.stderr).toBe(
      'shopprop: `shopprop receipt print` has no columns to choose, so --fields does not apply; --fields is for lists, reports and sale previews\n',
    );
  });
});
