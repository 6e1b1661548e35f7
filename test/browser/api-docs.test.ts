/**
 * The API page at /api/docs in a real browser (headless Chromium): Swagger UI over the server's
 * OpenAPI document, every file of it from the server itself (no internet), listing the
 * interface's operations; "Try it out" on the cash sale list with a bearer token typed into its
 * Authorize dialog answers 200 with sales.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';
import { LOGIN_PATH } from '../../src/contract/auth.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { demoHome } from '../helpers/demo-store.js';
import { launchBrowser } from './chromium.js';
import { startServe, type Serving } from './serve.js';

const { dir: home, db } = demoHome();
let browser: Browser;
let server: Serving;
let token: string;
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  const created = await runInProcess(['--db', db, 'local', 'token', 'create', '--company', '1', '--role', 'accountant', '--name', 'API page'], { home });
  expect(created.code, created.stderr).toBe(0);
  token = created.stdout.trim();
  [server, browser] = await Promise.all([startServe(home, ['--db', db, 'serve']), launchBrowser()]);
  page = await browser.newPage();
  page.on('request', (request) => void requested.push(request.url()));
  await page.goto(`${server.url}/api/docs`, { waitUntil: 'networkidle0' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
});

describe('the API page', () => {
  it('lists the operations of the interface, every file of the page from the server itself', async () => {
    await page.waitForSelector('.opblock');
    const listed = await page.$$eval('.opblock', (blocks) =>
      blocks.map(
        (block) => `${block.querySelector('.opblock-summary-method')?.textContent} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
      ),
    );
    const expected = Object.values(endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(expected).toHaveLength(8);
    expect(listed).toEqual(expect.arrayContaining([...expected, `POST ${LOGIN_PATH}`]));
    expect(await page.title()).toBe('Inventory cash sale and property statement service');
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((url) => !url.startsWith(`${server.url}/`) && !url.startsWith('data:'))).toEqual([]);
  });

  it('tries GET /api/inventorycashsale/list with the bearer token typed into Authorize: 200 with sales', async () => {
    await page.click('.auth-wrapper button.authorize');
    await page.waitForSelector('.modal-ux input');
    await page.type('.modal-ux input', token);
    await page.click('.modal-ux button.authorize');
    await page.click('.modal-ux button.btn-done');

    const operation = '#operations-default-listCashSales';
    await page.click(`${operation} .opblock-summary-control`);
    // The page opens operations ready to try (tryItOutEnabled): the parameters are fields at once.
    await page.waitForSelector(`${operation} tr[data-param-name="limit"] input`);
    for (const [name, value] of [
      ['companyId', '1'],
      ['start', '0'],
      ['limit', '5'],
    ] as const) {
      await page.type(`${operation} tr[data-param-name="${name}"] input`, value);
    }
    await page.click(`${operation} button.execute`);
    const answered = `${operation} .live-responses-table tr.response`;
    await page.waitForSelector(`${answered} .response-col_description pre`);
    const status = await page.$eval(`${answered} .response-col_status`, (cell) => cell.textContent?.trim());
    const body = await page.$eval(`${answered} .response-col_description pre`, (pre) => pre.textContent ?? '');
    expect(status).toBe('200');
    const answer = JSON.parse(body) as { count: number; list: { id: number; receiptNo: string }[] };
    expect(answer.list).toHaveLength(5);
    expect(answer.count).toBeGreaterThan(5);
    expect(answer.list[0]!.receiptNo).toMatch(/^R\d+$/);
  });
});
