/**
 * A bounded load test (autocannon, a few seconds) against the standalone server on 127.0.0.1:
 * a mix of sale list pages, sale items, receipt specs, paid and balance, pay advice, statements
 * and saves of plain product sales, then each kind alone. Asserts no errors, timeouts or non-2xx
 * answers, and that every save answered 200 is in the store; records the latencies (p50/p99) in
 * the system temp dir (or SHOPPROP_LOAD_RESULT) without asserting them (timing depends on the machine).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { accessoryLine, companyRefs, saleBody } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDemoFile, startStandalone, stopStandalone, type ServerProcess } from './standalone-server.js';

const MIXED_SECONDS = 5;
const EACH_SECONDS = 1.5;
const CONNECTIONS = 8;
// Kept after the run for a person to read, and never inside the checkout: tests write only to temp dirs.
const RESULT_FILE = process.env.SHOPPROP_LOAD_RESULT ?? join(tmpdir(), 'shopprop-load-result.json');

const temp = makeTempDir('shopprop-load-');
let dbFile: string;
let server: ServerProcess | undefined;
let requests: Record<string, Request>;
let savesAnswered = 0;

beforeAll(async () => {
  const seeded = await seedDemoFile(temp.dir, [
    { companyId: 1, role: 'cashier' },
    { companyId: 1, role: 'accountant' },
  ]);
  dbFile = seeded.dbFile;
  const cashier = { authorization: `Bearer ${seeded.tokens[0]}` };
  const accountant = { authorization: `Bearer ${seeded.tokens[1]}` };
  const store = await openStore(dbFile);
  const refs = companyRefs(store, 1);
  await store.close();
  const body = JSON.stringify(saleBody(refs, [accessoryLine(refs, 2), accessoryLine(refs, 1, 100)], { over: { refNo: 'LOAD' } }));
  requests = {
    'sale list page': { path: `${endpoints.listCashSales.path}?companyId=1&start=100&limit=50`, headers: accountant },
    'sale items page': { path: `${endpoints.listSaleItems.path}?companyId=1&start=0&limit=50`, headers: cashier },
    'receipt specs page': { path: `${endpoints.listReceiptSpecs.path}?companyId=1&start=0&limit=50`, headers: cashier },
    'paid and balance': { path: `${endpoints.paidBalance.path}?companyId=1&zoneId=1&month=10&year=2026`, headers: accountant },
    'pay advice': { path: `${endpoints.payAdvice.path}?companyId=1&propertyId=1&month=10&year=2026`, headers: accountant },
    statements: { path: `${endpoints.statements.path}?companyId=1&landlordId=1&paidPosted=ALL`, headers: accountant },
    save: {
      method: 'POST',
      path: endpoints.saveCashSale.path,
      headers: { ...cashier, 'content-type': 'application/json' },
      body,
      onResponse: (status) => {
        if (status === 200) savesAnswered++;
      },
    },
  };
  server = await startStandalone(dbFile);
});

afterAll(async () => {
  if (server) await stopStandalone(server);
  temp.remove();
});

const summary = (result: Result) => ({
  requests: result.requests.total,
  perSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p90Ms: result.latency.p90,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
});

function expectClean(result: Result, what: string): void {
  expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }, `${what}: ${JSON.stringify(result.statusCodeStats)}`).toEqual({
    errors: 0,
    timeouts: 0,
    non2xx: 0,
  });
  expect(result.requests.total, what).toBeGreaterThan(0);
}

describe('load on the standalone server', () => {
  it('a mix of every list, report and save, then each alone: no errors, every acknowledged save stored', async () => {
    const sales = () => {
      const db = new Database(dbFile, { readonly: true });
      try {
        return (db.prepare('select count(*) as n from cash_sales').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const before = sales();
    const run = (list: Request[], duration: number) => autocannon({ url: server!.url, connections: CONNECTIONS, duration, timeout: 10, requests: list });

    const mixed = await run(Object.values(requests), MIXED_SECONDS);
    expectClean(mixed, 'mixed');
    const each: Record<string, ReturnType<typeof summary>> = {};
    for (const [name, request] of Object.entries(requests)) {
      const result = await run([request], EACH_SECONDS);
      expectClean(result, name);
      each[name] = summary(result);
    }

    expect(await stopStandalone(server!)).toBe(0);
    server = undefined;
    // Every save answered 200 is stored; a few more may be: saves in flight when a run's time
    // was up were committed, but autocannon no longer counts their answers (at most one per
    // connection, in the two runs that save).
    expect(savesAnswered).toBeGreaterThan(0);
    const stored = sales() - before;
    expect(stored).toBeGreaterThanOrEqual(savesAnswered);
    expect(stored).toBeLessThanOrEqual(savesAnswered + 2 * CONNECTIONS);

    const report = {
      when: new Date().toISOString(),
      connections: CONNECTIONS,
      mixed: { seconds: MIXED_SECONDS, ...summary(mixed) },
      each: Object.fromEntries(Object.entries(each).map(([name, s]) => [name, { seconds: EACH_SECONDS, ...s }])),
      savesAnswered,
      savesStored: stored,
    };
    mkdirSync(dirname(RESULT_FILE), { recursive: true });
    writeFileSync(RESULT_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `load (${CONNECTIONS} connections): mixed ${report.mixed.requests} requests, ${report.mixed.perSecond}/s, p99 ${report.mixed.p99Ms} ms; ` +
        Object.entries(report.each)
          .map(([name, s]) => `${name} p99 ${s.p99Ms} ms (${s.perSecond}/s)`)
          .join('; ') +
        `; written to ${RESULT_FILE}`,
    );
  });
});
