/**
 * A browser client on another origin, run in a real browser (headless Chromium, CORS enforced)
 * against `shopprop serve --cors-origin`: from the allowed origin it logs in, reads paid and
 * balance, pages the sale list to its end with the exposed paging headers, and saves a sale with
 * an Idempotency-Key (sent twice, recorded once); from an origin not on the list the browser
 * itself refuses to hand it any answer.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { demoHome } from '../helpers/demo-store.js';
import { accessoryLine, companyRefs, saleBody } from '../helpers/sale-fixtures.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { launchBrowser } from './chromium.js';
import { startServe, type Serving } from './serve.js';
import { serveStaticOrigin, type StaticOrigin } from './static-origin.js';

const { dir: home, db } = demoHome();
const PASSWORD = 'a till password of some length';
const PAGE_SIZE = 100;

let browser: Browser;
let server: Serving;
let allowed: StaticOrigin;
let stranger: StaticOrigin;
let sale: unknown;
let salesBefore: number;

interface Report {
  steps: string[];
  error?: string;
  login?: { status: number };
  paidBalance?: { status: number; rows: number };
  pages?: { status: number; size: number; count: number; style: string | null; after: string | null }[];
  listed?: { ids: number; distinct: number };
  saves?: { status: number; body: { id: number; receiptNo: string } }[];
}

beforeAll(async () => {
  const user = await runInProcess(
    ['--db', db, 'local', 'user', 'create', '--company', '1', '--role', 'admin', '--name', 'Browser Till', '--username', 'till', '--password-stdin'],
    { home, input: `${PASSWORD}\n` },
  );
  expect(user.code, user.stderr).toBe(0);
  const store = await openStore(db);
  try {
    const refs = companyRefs(store, 1);
    sale = saleBody(refs, [accessoryLine(refs, 2)], { over: { refNo: 'BROWSER-1' } });
    salesBefore = (store.sqlite.prepare('select count(*) as n from cash_sales where company_id = 1').get() as { n: number }).n;
  } finally {
    await store.close();
  }
  [allowed, stranger] = await Promise.all([serveStaticOrigin(), serveStaticOrigin()]);
  [server, browser] = await Promise.all([startServe(home, ['--db', db, 'serve', '--cors-origin', allowed.origin]), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
  await Promise.all([allowed?.close(), stranger?.close()]);
});

async function runClientFrom(origin: string): Promise<Report> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/client.html`);
    const config = { api: server.url, username: 'till', password: PASSWORD, companyId: 1, zoneId: 1, pageSize: PAGE_SIZE, sale, idempotencyKey: randomUUID() };
    return (await page.evaluate((c) => (globalThis as unknown as { runClient(c: unknown): Promise<Report> }).runClient(c), config)) as Report;
  } finally {
    await page.close();
  }
}

describe('a browser client on another origin', () => {
  it('on the allowed origin: logs in, reads paid and balance, pages every sale once, saves once under one key', async () => {
    const report = await runClientFrom(allowed.origin);
    expect(report.error).toBeUndefined();
    expect(report.steps).toEqual(['login', 'paidbalance', 'list', 'save']);
    expect(report.login!.status).toBe(200);
    expect(report.paidBalance!.status).toBe(200);
    expect(report.paidBalance!.rows).toBeGreaterThan(0);

    const pages = report.pages!;
    expect(pages.every((p) => p.status === 200 && p.style === 'offset')).toBe(true);
    expect(pages[0]!.count).toBe(salesBefore);
    expect(pages.length).toBe(Math.ceil(salesBefore / PAGE_SIZE));
    // Each page but the last named where it ended, which the browser could read.
    expect(pages.slice(0, -1).every((p) => /^\d+\.\d+$/.test(p.after ?? ''))).toBe(true);
    expect(report.listed).toEqual({ ids: salesBefore, distinct: salesBefore });

    const [first, again] = report.saves!;
    expect(first!.status).toBe(200);
    expect(first!.body.receiptNo).toMatch(/^R\d+$/);
    // The retry under the same key is the first sale, not a second one.
    expect(again).toEqual(first);
    const store = await openStore(db);
    try {
      expect(store.sqlite.prepare("select count(*) as n from cash_sales where company_id = 1 and ref_no = 'BROWSER-1'").get()).toEqual({ n: 1 });
    } finally {
      await store.close();
    }
  });

  it('from an origin not on the list: the browser hands the page no answer', async () => {
    const logged = server.output().length;
    const report = await runClientFrom(stranger.origin);
    expect(report.steps).toEqual([]);
    expect(report.error).toMatch(/^TypeError: Failed to fetch/);
    // The browser asked (a preflight the server answered without allowing the origin) and then
    // sent nothing: no log-in was even tried.
    const since = server.output().slice(logged);
    expect(since).toContain('"method":"OPTIONS","url":"/api/auth/login"');
    expect(since).not.toContain('"method":"POST"');
  });
});
