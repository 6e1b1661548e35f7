/**
 * `local import mpesa` reads the statement as a stream and books it a slice at a time, on the
 * built CLI: a generated statement of 60,000 lines is checked (--dry-run) and imported under heap
 * limits that a statement held whole as its list of lines does not fit in (measured with the
 * young generation at 1 MB: held whole, the dry run failed at 24 MB and the import at 56 MB;
 * streamed, both passed at 20 MB and 48 MB), every line still accounted for; and a payment whose
 * reversal comes first in the file, a slice before it, is still not booked.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paybillReferenceFiles } from '../helpers/mpesa-reference.js';
import { generateStatement, portalAmount } from '../helpers/mpesa-statement-file.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const file = (name: string, text: string) => {
  const path = join(temp.dir, name);
  writeFileSync(path, text);
  return path;
};

async function storeWith(db: string) {
  // The young generation kept at 1 MB: in a heap this small one scavenge could otherwise promote
  // past the limit, and the run would be decided by the collector's timing, not by what the import holds.
  const cli = (args: string[], heapMb?: number) =>
    runCli([...args, '--db', join(temp.dir, db), '--company', '1'], {
      home: temp.dir,
      timeoutMs: 200_000,
      extra: heapMb === undefined ? {} : { NODE_OPTIONS: `--max-old-space-size=${heapMb} --max-semi-space-size=1` },
    });
  const created = await runCli(['local', 'company', 'create', '--name', 'Savanna', '--db', join(temp.dir, db)], { home: temp.dir });
  expect(created.code, created.stderr).toBe(0);
  for (const [kind, text] of paybillReferenceFiles()) {
    const imported = await cli(['local', 'import', kind, file(`${db}-${kind}.csv`, text)]);
    expect(imported.code, imported.stderr).toBe(0);
  }
  const set = await cli(['local', 'mpesa', 'set', '--short-code', '600123', '--account-format', '{property}-{unit}']);
  expect(set.code, set.stderr).toBe(0);
  return cli;
}

/** The summary's head line and rows: counts and cents. */
function figures(stderr: string) {
  const cents = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);
  const head = /(\d[\d,]*) lines?, (\d[\d,]*) payments? in, ([\d,.]+) paid in/.exec(stderr);
  const row = (label: string) => {
    const match = new RegExp(`${label}\\s+(\\d+)\\s+([\\d,.]+)`).exec(stderr);
    return match ? { count: Number(match[1]), cents: cents(match[2]!) } : undefined;
  };
  return {
    lines: head ? Number(head[1]!.replaceAll(',', '')) : undefined,
    paidIn: head ? { count: Number(head[2]!.replaceAll(',', '')), cents: cents(head[3]!) } : undefined,
    booked: row('(?:booked|to book)'),
    alreadyBooked: row('already booked'),
    setAside: row('set aside'),
    notPayments: row('not payments'),
  };
}

describe('local import mpesa: a statement of 60,000 lines in bounded memory', () => {
  const whole = generateStatement(1, 60_000);
  const expected = (booked: 'booked' | 'to book') => ({
    lines: whole.lines,
    paidIn: whole.paidIn,
    booked: whole.booked,
    alreadyBooked: { count: 0, cents: 0 },
    setAside: whole.setAside,
    notPayments: { count: whole.notPayments, cents: whole.reversed.cents },
    label: booked,
  });
  let cli: Awaited<ReturnType<typeof storeWith>>;
  beforeAll(async () => {
    cli = await storeWith('long.db');
  }, 120_000);

  it('a dry run under a 24 MB heap accounts for every line and writes nothing', async () => {
    const statement = file('long.csv', whole.text);
    const dry = await cli(['local', 'import', 'mpesa', statement, '--dry-run'], 24);
    expect(dry.code, dry.stderr).toBe(0);
    const { label, ...figuresOf } = expected('to book');
    expect(figures(dry.stderr)).toEqual(figuresOf);
    expect(dry.stderr).toContain(label);
    const paid = await cli(['paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json']);
    expect((JSON.parse(paid.stdout) as { paidRent: number }[]).every((r) => r.paidRent === 0)).toBe(true);
  }, 240_000);

  it('imports under a 56 MB heap, every line accounted for; again books nothing', async () => {
    const statement = file('long.csv', whole.text);
    const first = await cli(['local', 'import', 'mpesa', statement], 56);
    expect(first.code, first.stderr).toBe(0);
    const { label, ...figuresOf } = expected('booked');
    expect(figures(first.stderr)).toEqual(figuresOf);
    expect(first.stderr).toContain(label);
    const again = await cli(['local', 'import', 'mpesa', statement, '--force'], 56);
    expect(again.code, again.stderr).toBe(0);
    expect(figures(again.stderr)).toMatchObject({ booked: { count: 0, cents: 0 }, alreadyBooked: whole.booked });
  }, 240_000);
});

describe('local import mpesa: a reversal before its payment in the file', () => {
  it('the payment it reverses, a slice later, is not booked; the summary adds up', async () => {
    const cli = await storeWith('reversed.db');
    const part = generateStatement(1, 2500);
    const rows = part.text.trimEnd().split('\r\n');
    const header = rows.findIndex((r) => r.startsWith('Receipt No.,'));
    const amount = 1_234_00;
    const reversal = `SZ00000001,2026-10-02 10:00:00,2026-10-02 10:00:00,Reversal of SZ00000002,Completed,,${portalAmount(amount)},,true,Reversal,,SZ00000002,`;
    const payment = `SZ00000002,2026-10-01 09:00:00,2026-10-01 09:00:00,Pay Bill from 2547****001 - PAYER Acc. T-0001,Completed,${portalAmount(amount)},,,true,Pay Bill Online,2547****001 - PAYER,,T-0001`;
    rows.splice(header + 1, 0, reversal);
    rows.push(payment);
    const statement = file('reversed.csv', `${rows.join('\r\n')}\r\n`);
    const imported = await cli(['local', 'import', 'mpesa', statement]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(figures(imported.stderr)).toEqual({
      lines: part.lines + 2,
      paidIn: { count: part.paidIn.count + 1, cents: part.paidIn.cents + amount },
      booked: part.booked,
      alreadyBooked: { count: 0, cents: 0 },
      setAside: part.setAside,
      notPayments: { count: part.notPayments + 2, cents: part.reversed.cents + amount },
    });
    expect(imported.stderr).toContain(`${part.reversed.count + 1} reversed payments`);
  }, 240_000);
});
