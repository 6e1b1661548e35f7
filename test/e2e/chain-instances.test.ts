/**
 * A chain on one PostgreSQL database, as README "Running a chain" sets it up with the built
 * binary: a shop's SQLite store copied in (`local migrate`, `local copy`), a token made with
 * `local token create --database`, two `shopprop serve --database` processes on 127.0.0.1.
 * Sales go to both at once, each with an Idempotency-Key that is sent again to the other
 * instance; pairs of sales offer one unit (IMEI) to both instances at once; one instance is
 * killed with SIGKILL in the middle of the load and started again. Afterwards: every
 * acknowledged sale is there once, no key saved twice, no unit sold twice, receipt numbers
 * without a gap per company, and no answer was a 500.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { usePostgres } from '../helpers/postgres.js';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock, type CompanyRefs, type UnitRef } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir('shopprop-chain-');
const SAVE = '/api/inventorycashsale/save';
/** Sales with an accessory only, and units each offered to both instances at once. */
const ACCESSORY_SALES = 60;
const CONTESTED_UNITS = 12;

interface Instance {
  child: ChildProcess;
  url: string;
}

let databaseUrl = '';
let token = '';
let refs: CompanyRefs;
let units: UnitRef[];
const running: ChildProcess[] = [];

async function startInstance(): Promise<Instance> {
  const child = spawn(process.execPath, [BIN, '--database', databaseUrl, 'serve', '--port', '0', '--quiet'], {
    env: cliEnv({ home: temp.dir }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.push(child);
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 30_000);
    child.on('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return { child, url };
}

beforeAll(async () => {
  databaseUrl = await postgres.createDatabase();
  const file = join(temp.dir, 'shop.db');
  const home = { home: temp.dir, timeoutMs: 90_000 };
  const steps = [
    ['demo', '--db', file, '--seed', '11'],
    ['local', 'migrate', '--database', databaseUrl],
    ['local', 'copy', '--from', file, '--to', databaseUrl],
  ];
  for (const args of steps) {
    const result = await runCli(args, home);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    expect(result.stderr).not.toContain(new URL(databaseUrl).password || 'no password in the URL');
  }
  const created = await runCli(['local', 'token', 'create', '--database', databaseUrl, '--company', '1', '--role', 'cashier', '--name', 'Till chain'], home);
  expect(created.code, created.stderr).toBe(0);
  token = created.stdout.trim();
  // The copied file holds the same rows: the fixtures read it.
  const seeded: Store = await openStore(file);
  refs = companyRefs(seeded, 1);
  units = unitsInStock(seeded, 1, CONTESTED_UNITS);
  await seeded.close();
  expect(units).toHaveLength(CONTESTED_UNITS);
}, 180_000);

afterAll(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  temp.remove();
});

type Outcome = { status: number; body?: { id?: number; receiptNo?: string } } | { status: 'network'; error: string };

/** One POST with its key, bounded in time; a dropped connection is an outcome, not a throw. */
async function post(url: string, body: unknown, key: string): Promise<Outcome> {
  try {
    const response = await fetch(`${url}${SAVE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as { id?: number; receiptNo?: string }) : undefined };
  } catch (error) {
    return { status: 'network', error: (error as Error).message };
  }
}

describe('two serve instances on one PostgreSQL database', () => {
  it('lose no acknowledged sale, double none, sell no unit twice and leave no receipt gap, one instance killed mid-load', async () => {
    const instances: Instance[] = [await startInstance(), await startInstance()];
    const statuses: (number | 'network')[] = [];
    /** Sales acknowledged per instance URL: the restarted instance must have taken some. */
    const answeredBy = new Map<string, number>();
    /** Key -> the sale the servers acknowledged for it (every acknowledgement of a key must name the same sale). */
    const acknowledged = new Map<string, { id: number; receiptNo: string }>();
    const soldUnits = new Map<number, string[]>();

    /**
     * Sends a sale with its key to instance `first`, then the same key to the other one (a
     * retry crossing instances), trying again on 503 or a dropped connection, at most 8 times.
     */
    const send = async (body: unknown, key: string, first: number): Promise<Outcome> => {
      let last: Outcome = { status: 'network', error: 'not sent' };
      for (let attempt = 0; attempt < 8; attempt++) {
        const target = instances[(first + attempt) % 2]!;
        last = await post(target.url, body, key);
        statuses.push(last.status);
        if (last.status === 200 && last.body?.id !== undefined) {
          answeredBy.set(target.url, (answeredBy.get(target.url) ?? 0) + 1);
          const ack = { id: last.body.id, receiptNo: last.body.receiptNo! };
          const earlier = acknowledged.get(key);
          if (earlier) expect(ack, `key ${key} answered with two sales`).toEqual(earlier);
          acknowledged.set(key, ack);
          // The retry through the other instance: the same sale, nothing new saved.
          if (attempt === 0) {
            const again = await post(instances[(first + 1) % 2]!.url, body, key);
            statuses.push(again.status);
            if (again.status === 200) expect(again.body).toMatchObject(ack);
          }
          return last;
        }
        if (last.status !== 503 && last.status !== 'network') return last;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 100));
      }
      return last;
    };

    const work: (() => Promise<unknown>)[] = [];
    for (let n = 0; n < ACCESSORY_SALES; n++) {
      work.push(() => send(saleBody(refs, [accessoryLine(refs)], { over: { refNo: `CHAIN-${n}` } }), `chain-accessory-${n}`, n % 2));
    }
    for (const [index, unit] of units.entries()) {
      // One unit, two different sales (two keys), one to each instance at the same moment.
      work.push(async () => {
        const outcomes = await Promise.all(
          [0, 1].map((side) => send(saleBody(refs, [unitLine(unit)], { over: { refNo: `CHAIN-UNIT-${index}-${side}` } }), `chain-unit-${index}-${side}`, side)),
        );
        soldUnits.set(
          unit.id,
          outcomes.filter((outcome) => outcome.status === 200).map((outcome) => String((outcome as { body?: { id?: number } }).body?.id)),
        );
        for (const outcome of outcomes) expect([200, 405]).toContain(outcome.status);
      });
    }

    // Four at a time; instance 0 is killed once a third of the work is under way, and started again.
    let next = 0;
    let killed = false;
    let restarted: Promise<Instance> | undefined;
    const worker = async () => {
      while (next < work.length) {
        const item = work[next++]!;
        if (!killed && next > work.length / 3) {
          killed = true;
          instances[0]!.child.kill('SIGKILL');
          // A new process on a new port takes its place while the others go on.
          restarted = startInstance().then((fresh) => (instances[0] = fresh));
        }
        // The last third of the work runs with the restarted instance.
        if (restarted && next > (work.length * 2) / 3) await restarted;
        await item();
      }
    };
    const started = Date.now();
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(killed).toBe(true);
    // Requests were cut off or refused by the killed instance, and the one started in its place answered some.
    expect(statuses).toContain('network');
    const fresh = await restarted!;
    expect(answeredBy.get(fresh.url) ?? 0).toBeGreaterThan(0);

    // Every contested unit went to exactly one of its two sales.
    for (const [unitId, sales] of soldUnits) expect(sales, `unit ${unitId}`).toHaveLength(1);
    expect(statuses).not.toContain(500);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(ACCESSORY_SALES + CONTESTED_UNITS);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[];
      // Every acknowledged sale is there, under its key, once.
      const keys = [...acknowledged.keys()];
      const stored = await rows<{ idempotency_key: string; id: string; receipt_no: string }>(
        'select idempotency_key, id::text, receipt_no from cash_sales where idempotency_key = any($1)',
        [keys],
      );
      expect(stored).toHaveLength(keys.length);
      for (const row of stored) expect({ id: Number(row.id), receiptNo: row.receipt_no }).toEqual(acknowledged.get(row.idempotency_key));
      expect(acknowledged.size).toBe(ACCESSORY_SALES + CONTESTED_UNITS);
      // No key saved twice, no unit on two lines.
      expect(
        await rows('select idempotency_key from cash_sales where idempotency_key is not null group by company_id, idempotency_key having count(*) > 1'),
      ).toEqual([]);
      expect(await rows('select item_spec_id from cash_sale_lines where item_spec_id is not null group by item_spec_id having count(*) > 1')).toEqual([]);
      const unitStatus = await rows<{ status: string }>('select distinct status from item_specs where id = any($1)', [units.map((unit) => unit.id)]);
      expect(unitStatus).toEqual([{ status: 'sold' }]);
      // Receipt numbers 1..n per company, n the company's sequence.
      for (const { id } of await rows<{ id: string }>('select id::text from companies')) {
        const numbers = (await rows<{ receipt_no: string }>('select receipt_no from cash_sales where company_id = $1', [id]))
          .map((row) => Number(row.receipt_no.replace(/^\D+/, '')))
          .sort((a, b) => a - b);
        const [sequence] = await rows<{ seq: string }>('select receipt_seq::text as seq from companies where id = $1', [id]);
        expect(numbers, `company ${id}`).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
        expect(numbers.length, `company ${id}`).toBe(Number(sequence!.seq));
      }
    } finally {
      await client.end();
    }
  }, 180_000);
});
