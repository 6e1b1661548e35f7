/**
 * `local import mpesa` with the built CLI, on statements as the M-Pesa portal exports them:
 * the sample statement (header block, CRLF, quoted amounts with commas, a charge, an account
 * typed loosely, one matching nothing, a payment and its reversal), then a generated statement
 * of 3,000 lines whose every line must be accounted for, imported twice, and two overlapping
 * parts of it imported at the same time into another store: the paid-and-balance and pay
 * advice figures are those of one import.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatement, type GeneratedStatement } from '../helpers/mpesa-statement-file.js';
import { paybillReferenceFiles } from '../helpers/mpesa-reference.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const SAMPLE = '/work/shared/samples/mpesa-paybill-statement.csv';
const temp = makeTempDir();
afterAll(() => temp.remove());

const file = (name: string, text: string) => {
  const path = join(temp.dir, name);
  writeFileSync(path, text);
  return path;
};
const cliOn = (db: string) => (args: string[]) => runCli([...args, '--db', join(temp.dir, db), '--company', '1'], { home: temp.dir, timeoutMs: 120_000 });

async function storeWith(db: string, reference: [string, string][], accountFormat?: string): Promise<(args: string[]) => ReturnType<typeof runCli>> {
  const created = await runCli(['local', 'company', 'create', '--name', 'Savanna', '--db', join(temp.dir, db)], { home: temp.dir });
  expect(created.code, created.stderr).toBe(0);
  const cli = cliOn(db);
  for (const [kind, text] of reference) {
    const imported = await cli(['local', 'import', kind, file(`${db}-${kind}.csv`, text)]);
    expect(imported.code, imported.stderr).toBe(0);
  }
  const set = await cli(['local', 'mpesa', 'set', '--short-code', '600123', ...(accountFormat ? ['--account-format', accountFormat] : [])]);
  expect(set.code, set.stderr).toBe(0);
  return cli;
}

/** The summary's figures: lines and money paid in, per category. */
function figures(stderr: string) {
  const number = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);
  const head = /(\d[\d,]*) lines?, (\d[\d,]*) payments? in, ([\d,.]+) paid in/.exec(stderr);
  const row = (label: string) => {
    const match = new RegExp(`${label}\\s+(\\d+)\\s+([\\d,.]+)`).exec(stderr);
    return match ? { count: Number(match[1]), cents: number(match[2]!) } : undefined;
  };
  return {
    lines: Number(head![1]!.replaceAll(',', '')),
    paidIn: { count: Number(head![2]!.replaceAll(',', '')), cents: number(head![3]!) },
    booked: row('(?:booked|to book)'),
    alreadyBooked: row('already booked'),
    setAside: row('set aside'),
    notPayments: row('not payments'),
  };
}

describe("local import mpesa: the portal's sample statement", () => {
  let cli: (args: string[]) => ReturnType<typeof runCli>;
  beforeAll(async () => {
    cli = await storeWith('sample.db', [
      ['landlords', 'code,name\nL1,Wanjiru\n'],
      ['properties', 'code,name,landlord_code\nP0001,Mvule House,L1\n'],
      ['units', 'property_code,unit_no,market_rent\nP0001,A1,40000\nP0001,A9,36000\nP0001,B2,2000\n'],
      ['tenants', 'account_no,name\nT1-000001,Faith Odhiambo\nT1-000009,Lucy Ali\nT1-000013,David Ali\n'],
      ['tenancies', 'property_code,unit_no,tenant_account,from\nP0001,A1,T1-000001,2026-01-01\nP0001,A9,T1-000009,2026-01-01\nP0001,B2,T1-000013,2026-01-01\n'],
    ]);
  }, 120_000);

  const paid = async () => {
    const report = await cli(['paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json']);
    expect(report.code, report.stderr).toBe(0);
    return Object.fromEntries((JSON.parse(report.stdout) as { tenant: string; paidRent: number }[]).map((r) => [r.tenant, r.paidRent]));
  };

  it('dry run: shows the bookings per property and the payment set aside, writes nothing', async () => {
    const statement = file('october.csv', readFileSync(SAMPLE, 'utf8').replace(/\r?\n/g, '\r\n'));
    const dry = await cli(['local', 'import', 'mpesa', statement, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/dry run, nothing written: .*6 lines, 4 payments in, 78,750\.00 paid in/);
    expect(dry.stderr).toMatch(/P0001\s+2 payments\s+76,000\.00/);
    expect(dry.stderr).toMatch(/SJ41H7QW3A 2026-10-05 10:01:44 4471: unmatched/);
    expect(await paid()).toEqual({ 'Faith Odhiambo': 0, 'Lucy Ali': 0, 'David Ali': 0 });
  });

  it('books the matched payments, sets the unknown account aside, skips the reversed one; again books nothing', async () => {
    const statement = join(temp.dir, 'october.csv');
    const first = await cli(['local', 'import', 'mpesa', statement]);
    expect(first.code, first.stderr).toBe(0);
    expect(figures(first.stderr)).toEqual({
      lines: 6,
      paidIn: { count: 4, cents: 7_875_000 },
      booked: { count: 2, cents: 7_600_000 },
      alreadyBooked: { count: 0, cents: 0 },
      setAside: { count: 1, cents: 75_000 },
      notPayments: { count: 3, cents: 200_000 },
    });
    expect(first.stderr).toMatch(/1 payment set aside in .*october\.unmatched\.csv/);
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 36000, 'David Ali': 0 });
    // The list of set-aside payments is an output file: in a script it is replaced only with --force, refused before anything is booked.
    const unmatched = join(temp.dir, 'october.unmatched.csv');
    const listed = readFileSync(unmatched, 'utf8');
    const refused = await cli(['local', 'import', 'mpesa', statement]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`shopprop: ${unmatched} exists: --force replaces it, or name another file (nothing was written)\n`);
    expect(readFileSync(unmatched, 'utf8')).toBe(listed);
    const second = await cli(['local', 'import', 'mpesa', statement, '--force']);
    expect(second.code, second.stderr).toBe(0);
    expect(figures(second.stderr)).toMatchObject({ booked: { count: 0, cents: 0 }, alreadyBooked: { count: 2, cents: 7_600_000 } });
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 36000, 'David Ali': 0 });
  });

  it('books a set-aside payment once the accountant fills its tenant_account', async () => {
    const unmatched = join(temp.dir, 'october.unmatched.csv');
    const [header, row] = readFileSync(unmatched, 'utf8').split('\r\n');
    expect(header).toBe('receipt_no,completion_time,amount,account_no,payer,reason,candidates,tenant_account');
    writeFileSync(unmatched, `${header}\r\n${row}T1 000013\r\n`);
    // Imported in place, the file is replaced by what remains (here nothing): --force says so in a script.
    const assigned = await cli(['local', 'import', 'mpesa', unmatched, '--force']);
    expect(assigned.code, assigned.stderr).toBe(0);
    expect(assigned.stderr).toContain(`no payment set aside; ${unmatched} now lists none`);
    expect(readFileSync(unmatched, 'utf8')).toBe(`${header}\r\n`);
    expect(figures(assigned.stderr).booked).toEqual({ count: 1, cents: 75_000 });
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 36000, 'David Ali': 750 });
  });
});

describe('local import mpesa: a generated statement of 3,000 lines', () => {
  const whole = generateStatement(1, 3000);
  const reference = paybillReferenceFiles();
  const format = '{property}-{unit}';

  const reports = async (cli: (args: string[]) => ReturnType<typeof runCli>) => {
    const out: string[] = [];
    for (const property of ['1', '2']) {
      const paidBalance = await cli(['paidbalance', '--property', property, '--month', '10', '--year', '2026', '--format', 'json']);
      expect(paidBalance.code, paidBalance.stderr).toBe(0);
      out.push(paidBalance.stdout);
      const advice = await cli(['payadvice', '--property', property, '--month', '10', '--year', '2026', '--format', 'json']);
      expect(advice.code, advice.stderr).toBe(0);
      out.push(advice.stdout);
    }
    return out;
  };
  let once: string[];

  it('accounts for every line: booked, set aside and not payments add up to the lines and the money paid in; twice books once', async () => {
    const cli = await storeWith('generated.db', reference, format);
    const statement = file('generated.csv', whole.text);
    const first = await cli(['local', 'import', 'mpesa', statement]);
    expect(first.code, first.stderr).toBe(0);
    const got = figures(first.stderr);
    expect(got).toEqual({
      lines: whole.lines,
      paidIn: whole.paidIn,
      booked: whole.booked,
      alreadyBooked: { count: 0, cents: 0 },
      setAside: whole.setAside,
      notPayments: { count: whole.notPayments, cents: whole.reversed.cents },
    });
    expect(got.booked!.count + got.alreadyBooked!.count + got.setAside!.count + got.notPayments!.count).toBe(whole.lines);
    expect(got.booked!.cents + got.alreadyBooked!.cents + got.setAside!.cents + got.notPayments!.cents).toBe(whole.paidIn.cents);
    expect(readFileSync(join(temp.dir, 'generated.unmatched.csv'), 'utf8').trim().split('\r\n')).toHaveLength(whole.setAside.count + 1);
    once = await reports(cli);

    const again = await cli(['local', 'import', 'mpesa', statement, '--force']);
    expect(figures(again.stderr)).toMatchObject({ booked: { count: 0, cents: 0 }, alreadyBooked: whole.booked });
    expect(await reports(cli)).toEqual(once);
  }, 240_000);

  it('two overlapping statements imported at the same time book every payment once', async () => {
    const cli = await storeWith('overlap.db', reference, format);
    const parts: GeneratedStatement[] = [generateStatement(1, 2000), generateStatement(1001, 3000)];
    const files = parts.map((p, i) => file(`part-${i}.csv`, p.text));
    const results = await Promise.all(files.map((f) => cli(['local', 'import', 'mpesa', f])));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const [a, b] = results.map((r) => figures(r.stderr));
    expect(a!.booked!.count + b!.booked!.count).toBe(whole.booked.count);
    expect(a!.booked!.cents + b!.booked!.cents).toBe(whole.booked.cents);
    expect(await reports(cli)).toEqual(once);
  }, 240_000);
});

describe('local import mpesa at a terminal: the list of set-aside payments is replaced only after a yes', () => {
  it('no keeps the file and books nothing (exit 2); yes books and replaces it', async () => {
    const db = 'terminal.db';
    const cli = await storeWith(db, [
      ['landlords', 'code,name\nL1,Wanjiru\n'],
      ['properties', 'code,name,landlord_code\nP0001,Mvule House,L1\n'],
      ['units', 'property_code,unit_no,market_rent\nP0001,A1,40000\nP0001,A9,36000\n'],
      ['tenants', 'account_no,name\nT1-000001,Faith Odhiambo\nT1-000009,Lucy Ali\n'],
      ['tenancies', 'property_code,unit_no,tenant_account,from\nP0001,A1,T1-000001,2026-01-01\nP0001,A9,T1-000009,2026-01-01\n'],
    ]);
    const statement = file('terminal.csv', readFileSync(SAMPLE, 'utf8'));
    const unmatched = file('terminal.unmatched.csv', 'mine');
    const paidRent = async () => {
      const report = await cli(['paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json']);
      return (JSON.parse(report.stdout) as { paidRent: number }[]).map((r) => r.paidRent);
    };
    const args = ['local', 'import', 'mpesa', statement, '--db', join(temp.dir, db), '--company', '1'];

    const declined = spawnPty(args, { home: temp.dir });
    await declined.waitFor(`${unmatched} exists. Replace it? (y/N)`);
    declined.type(`n${KEY.enter}`);
    expect(await declined.exited).toBe(2);
    expect(readFileSync(unmatched, 'utf8')).toBe('mine');
    expect(await paidRent()).toEqual([0, 0]);

    const agreed = spawnPty(args, { home: temp.dir });
    await agreed.waitFor('Replace it?');
    agreed.type(`y${KEY.enter}`);
    expect(await agreed.exited).toBe(0);
    expect(readFileSync(unmatched, 'utf8')).toMatch(/^receipt_no,.*\r\nSJ41H7QW3A,/);
    expect(await paidRent()).toEqual([40000, 36000]);
  }, 120_000);
});
