/**
 * A receipts file imported twice with the built CLI, as an accountant would by mistake: the
 * second run books nothing, says so, and the tenant's paid figure is that of one import; the
 * same reference with another amount is refused with exit 2, naming the line and the receipt.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const db = join(temp.dir, 'shop.db');
const cli = (args: string[]) => runCli([...args, '--db', db, '--company', '1'], { home: temp.dir });
const file = (name: string, text: string) => {
  const path = join(temp.dir, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(async () => {
  expect((await runCli(['local', 'company', 'create', '--name', 'Acme', '--db', db], { home: temp.dir })).code).toBe(0);
  const reference: [string, string][] = [
    ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
    ['properties', 'code,name,landlord_code\nP1,Mvule House,L1\n'],
    ['units', 'property_code,unit_no,market_rent\nP1,A1,1000\n'],
    ['tenants', 'account_no,name\nT1,Otieno\n'],
    ['tenancies', 'property_code,unit_no,tenant_account,from\nP1,A1,T1,2026-01-01\n'],
  ];
  for (const [kind, text] of reference) {
    const imported = await cli(['local', 'import', kind, file(`${kind}.csv`, text)]);
    expect(imported.code, imported.stderr).toBe(0);
  }
});
afterAll(() => temp.remove());

const paidRent = async () => {
  const report = await cli(['paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json']);
  expect(report.code, report.stderr).toBe(0);
  return (JSON.parse(report.stdout) as { paidRent: number }[])[0]!.paidRent;
};

describe('local import receipts, the same file twice', () => {
  it('books the payment once and says the second time that it was already there', async () => {
    const receipts = file('r.csv', 'property_code,unit_no,tenant_account,date,amount,reference\r\nP1,A1,T1,2026-10-05,1000,QX12AB34CD\r\n');
    const first = await cli(['local', 'import', 'receipts', receipts]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('imported 1 receipt from');
    const second = await cli(['local', 'import', 'receipts', receipts]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/imported 0 receipts from .*r\.csv into company 1; 1 receipt already booked \(same reference\), skipped/);
    expect(await paidRent()).toBe(1000);
  });

  it('refuses the reference with another amount, exit 2, naming the line and the receipt booked', async () => {
    const changed = file('changed.csv', 'property_code,unit_no,tenant_account,date,amount,reference\nP1,A1,T1,2026-10-05,2000,QX12AB34CD\n');
    const refused = await cli(['local', 'import', 'receipts', changed]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /line 2, reference: QX12AB34CD is already booked as receipt 1: 1,000\.00 from T1 on 2026-10-05; this line has 2,000\.00 from T1/,
    );
    expect(await paidRent()).toBe(1000);
  });
});
