/**
 * `shopprop doctor` as a user sees it: against the local store in-process and the bundled
 * server on 127.0.0.1 every read endpoint holds (exit 0); against a server that breaks the
 * interface on purpose each failing endpoint is named with its reason and the exit code is the
 * documented one; against a port nothing listens on, nothing is reachable. Each endpoint gets
 * exactly one request.
 */
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.js';
import { cashSale, paidBalanceRow, payAdvice, saleItem, spec, statement } from '../../client/fixtures.js';
import { closedPort, json, startServer, type SeenRequest, type TestServer as FakeServer } from '../../client/http-fixture.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { startTestServer, type TestServer } from '../../helpers/local-server.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const cli = (args: string[]) => runInProcess(args, { home: temp.dir });

interface Row {
  endpoint: string;
  path: string;
  query: string | null;
  result: string;
  reachable: string | null;
  authorised: string | null;
  follows: string | null;
  status: number | null;
  ms: number | null;
  detail: string;
}

const rowsOf = (stdout: string) => JSON.parse(stdout) as Row[];
const byName = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.endpoint, row]));

const LABELS = ['sale list', 'sale items', 'receipt specs', 'paidbalance', 'payadvice', 'statements', 'statement-pdf'];
const ALL_HOLD = 'all 7 read endpoints: reachable, authorised and answering as the interface says\n';

describe('against the local store, in-process', () => {
  const db = join(temp.dir, 'demo.db');

  beforeAll(async () => {
    const demo = await cli(['--db', db, 'demo']);
    expect(demo.code, demo.stderr).toBe(0);
  }, 60_000);

  it("checks every read endpoint once, taking the property and statement from the landlord's first statement, and exits 0", async () => {
    const run = await cli(['--db', db, 'doctor', '--landlord', '1', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const rows = rowsOf(run.stdout);
    expect(rows.map((row) => row.endpoint)).toEqual(LABELS);
    for (const row of rows) expect(row, row.endpoint).toMatchObject({ result: 'ok', reachable: 'yes', authorised: 'yes', follows: 'yes', status: 200 });
    const named = byName(rows);
    // The newest statement of landlord 1 in the demo is statement 6, of property 1.
    expect(named['statements']!.query).toBe('companyId=1&landlordId=1&paidPosted=ALL');
    expect(named['paidbalance']!.query).toBe('companyId=1&propertyId=1');
    expect(named['payadvice']!.query).toBe('companyId=1&propertyId=1');
    expect(named['statement-pdf']!.query).toBe('statementId=6');
    expect(named['sale list']!).toMatchObject({ query: 'companyId=1&start=0&limit=1', path: '/api/inventorycashsale/list', detail: '1 of 900 records' });
    expect(run.stderr).toBe(ALL_HOLD);
  });

  it('skips, and does not fail, the endpoints whose ids it has not got, saying which flag each needs', async () => {
    const run = await cli(['--db', db, 'doctor', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const named = byName(rowsOf(run.stdout));
    expect(named['sale list']!.result).toBe('ok');
    expect(named['statements']!).toMatchObject({ result: 'skipped', query: null, reachable: null, detail: 'skipped: needs --landlord' });
    expect(named['paidbalance']!.detail).toBe('skipped: needs --property (or --landlord, whose first statement names one)');
    expect(run.stderr).toBe(
      [
        'paidbalance: skipped: needs --property (or --landlord, whose first statement names one)',
        'payadvice: skipped: needs --property (or --landlord, whose first statement names one)',
        'statements: skipped: needs --landlord',
        'statement-pdf: skipped: needs --statement (or --landlord, whose first statement names one)',
        'all 3 endpoints checked: reachable, authorised and answering as the interface says; 4 skipped (give the ids named above to check them)',
        '',
      ].join('\n'),
    );
  });

  it('uses --property and --statement over the ids a statement would give', async () => {
    const run = await cli(['--db', db, 'doctor', '--landlord', '1', '--property', '2', '--statement', '3', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const named = byName(rowsOf(run.stdout));
    expect(named['paidbalance']!.query).toBe('companyId=1&propertyId=2');
    expect(named['statement-pdf']!.query).toBe('statementId=3');
  });

  it('draws a table under a heading that names what was checked', async () => {
    const run = await runInProcess(['--db', db, 'doctor', '--landlord', '1', '--format', 'table'], { home: temp.dir, extra: { COLUMNS: '80' } });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`Interface check · the local store ${db} · company 1`);
    expect(lines[2]).toMatch(/^│ Endpoint\s+│ Reached │ Authorised │ Follows │ HTTP │\s+ms │ Detail\s+│$/);
    expect(run.stdout).toMatch(/│ statement-pdf │ yes\s+│ yes\s+│ yes\s+│ {2}200 │\s+\d+ │ an object\s+│/);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it('asks for a company id when there is none, naming the flag (exit 2)', async () => {
    const elsewhere = makeTempDir();
    const run = await runInProcess(['--db', db, 'doctor'], { home: elsewhere.dir }).finally(() => elsewhere.remove());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^shopprop: missing --company: give a company id/);
  });
});

describe('against the bundled server on 127.0.0.1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  it('holds for every read endpoint with an admin token (exit 0)', async () => {
    const run = await cli(['--base-url', server.url, '--token', server.tokenFor(1), 'doctor', '--company', '1', '--landlord', '1', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const rows = rowsOf(run.stdout);
    expect(rows.map((row) => [row.endpoint, row.result])).toEqual(LABELS.map((label) => [label, 'ok']));
    for (const row of rows) expect(row.ms, row.endpoint).toBeGreaterThanOrEqual(0);
    expect(run.stderr).toBe(ALL_HOLD);
  });

  it("names the endpoints a cashier's token may not read, and exits 4", async () => {
    const run = await cli([
      '--base-url',
      server.url,
      '--token',
      server.tokenFor(1, 'cashier'),
      'doctor',
      '--company',
      '1',
      '--landlord',
      '1',
      '--format',
      'json',
    ]);
    expect(run.code).toBe(4);
    const named = byName(rowsOf(run.stdout));
    expect(named['sale list']!.result).toBe('ok');
    expect(named['receipt specs']!.result).toBe('ok');
    expect(named['statements']!).toMatchObject({ result: 'unauthorised', reachable: 'yes', authorised: 'no', follows: null, status: 403 });
    expect(named['statements']!.detail).toMatch(/^HTTP 403 FORBIDDEN: /);
    // No statement could be read, so nothing names a property or a statement.
    expect(named['paidbalance']!.detail).toBe('skipped: needs --property (the statements of landlord 1 could not be read)');
    expect(run.stderr).toMatch(/^statements: not authorised: HTTP 403 FORBIDDEN: /m);
    expect(run.stderr).toMatch(
      /^shopprop: 1 of 4 endpoints checked fails \(1 not authorised, 3 skipped\); use a token of company 1 that may read every endpoint \(on `shopprop serve`, an admin's: .*\): --token, SHOPPROP_TOKEN or `shopprop config set token …`\n$/m,
    );
  });

  it('without a token, is refused everywhere (exit 4)', async () => {
    const run = await cli(['--base-url', server.url, 'doctor', '--company', '1', '--landlord', '1', '--property', '1', '--statement', '1', '--format', 'json']);
    expect(run.code).toBe(4);
    const rows = rowsOf(run.stdout);
    for (const row of rows) expect(row, row.endpoint).toMatchObject({ result: 'unauthorised', status: 401, reachable: 'yes', authorised: 'no' });
    expect(run.stderr).toMatch(/^shopprop: 7 of 7 endpoints checked fail \(7 not authorised\); /m);
  });
});

describe('against a server that breaks the interface', () => {
  let fake: FakeServer;
  /** How each path is answered when it follows the interface. */
  const VALID: Record<string, unknown> = {
    [endpoints.listCashSales.path]: { count: 40, list: [cashSale(1)] },
    [endpoints.listSaleItems.path]: { count: 90, list: [saleItem(1)] },
    [endpoints.listReceiptSpecs.path]: { count: 12, list: [spec(1)] },
    [endpoints.paidBalance.path]: [paidBalanceRow()],
    [endpoints.payAdvice.path]: payAdvice(),
    [endpoints.statements.path]: { count: 2, list: [statement(31), statement(30)] },
    [endpoints.statementPdf.path]: { success: 'true', message: 'https://erp.example.com/report?statementId=31' },
  };
  type Breakage = (request: SeenRequest, response: ServerResponse) => void;
  const answerWith = (broken: Record<string, Breakage>) =>
    fake.handle((request, response) => {
      const breakage = broken[request.pathname];
      if (breakage) return breakage(request, response);
      if (request.pathname in VALID) return json(response, 200, VALID[request.pathname]);
      json(response, 404, { success: 'false', message: 'no such path', code: 'NOT_FOUND' });
    });
  const wrongShape: Breakage = (_request, response) => json(response, 200, { count: 40, list: [{ ...cashSale(1), totalAmount: '12.50', balance: null }] });
  const expiredToken: Breakage = (_request, response) => json(response, 401, { success: 'false', message: 'token expired', code: 'UNAUTHORIZED' });
  const missingPath: Breakage = (_request, response) => {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not Found');
  };
  const neverAnswers: Breakage = () => {};
  const doctor = (...more: string[]) =>
    cli(['--base-url', fake.url, '--token', 'sp_test', 'doctor', '--company', '1', '--landlord', '5', '--format', 'json', ...more]);

  beforeAll(async () => {
    fake = await startServer();
  });
  afterAll(() => fake.close());

  it('holds when every answer follows the interface, with the ids the statements named (exit 0)', async () => {
    answerWith({});
    fake.seen.length = 0;
    const run = await doctor();
    expect(run.code, run.stderr).toBe(0);
    const named = byName(rowsOf(run.stdout));
    expect(named['paidbalance']!.query).toBe('companyId=1&propertyId=7');
    expect(named['statement-pdf']!.query).toBe('statementId=31');
    expect(fake.seen.map((seen) => seen.headers.authorization)).toEqual(Array(7).fill('Bearer sp_test'));
  });

  it('names each failing endpoint and why, one request each, and exits 5 when one did not answer in time', async () => {
    answerWith({
      [endpoints.listCashSales.path]: wrongShape,
      [endpoints.paidBalance.path]: expiredToken,
      [endpoints.payAdvice.path]: missingPath,
      [endpoints.listReceiptSpecs.path]: neverAnswers,
    });
    fake.seen.length = 0;
    const run = await doctor('--timeout', '1');
    expect(run.code).toBe(5);
    const named = byName(rowsOf(run.stdout));
    expect(named['sale list']!).toMatchObject({
      result: 'does not follow',
      reachable: 'yes',
      authorised: 'yes',
      follows: 'no',
      status: 200,
      detail: '/list/0/totalAmount: expected number (got "12.50"); /list/0/balance: expected number (got null)',
    });
    expect(named['paidbalance']!).toMatchObject({
      result: 'unauthorised',
      authorised: 'no',
      follows: null,
      status: 401,
      detail: 'HTTP 401 UNAUTHORIZED: token expired',
    });
    expect(named['payadvice']!).toMatchObject({ result: 'does not follow', follows: 'no', status: 404, detail: 'HTTP 404 Not Found' });
    expect(named['receipt specs']!).toMatchObject({ result: 'unreachable', reachable: 'no', authorised: null, follows: null, status: null });
    expect(named['receipt specs']!.detail).toMatch(/^no (complete )?answer from 127\.0\.0\.1:\d+ within 1(000ms|s)/);
    expect(named['receipt specs']!.ms).toBeGreaterThanOrEqual(900);
    expect(named['statements']!.result).toBe('ok');
    // One request per endpoint, never retried.
    expect(fake.seen.map((seen) => seen.pathname).sort()).toEqual(
      Object.values(endpoints)
        .filter((e) => e.method === 'GET')
        .map((e) => e.path)
        .sort(),
    );
    expect(run.stderr).toContain(
      'sale list: not following the interface: /list/0/totalAmount: expected number (got "12.50"); /list/0/balance: expected number (got null)\n',
    );
    expect(run.stderr).toContain('paidbalance: not authorised: HTTP 401 UNAUTHORIZED: token expired\n');
    expect(run.stderr).toContain('payadvice: not following the interface: HTTP 404 Not Found\n');
    expect(run.stderr).toMatch(/^receipt specs: not reachable: no (complete )?answer from 127\.0\.0\.1:\d+ within/m);
    expect(run.stderr).toMatch(
      /^shopprop: 4 of 7 endpoints checked fail \(1 not reachable, 1 not authorised, 2 not following the interface\); check the base URL \(`shopprop config get baseUrl`\) and that the server is running; for a slow one, --timeout SECONDS\n$/m,
    );
  });

  it('exits 4 when the worst is an endpoint that refused the token', async () => {
    answerWith({ [endpoints.listCashSales.path]: wrongShape, [endpoints.statementPdf.path]: expiredToken });
    const run = await doctor();
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^shopprop: 2 of 7 endpoints checked fail \(1 not authorised, 1 not following the interface\); use a token of company 1 /m);
  });

  it('exits 6 when every endpoint answers but one not as the interface says', async () => {
    answerWith({
      [endpoints.statements.path]: (_request, response) => json(response, 200, { count: '2', list: [{ ...statement(31), propertyId: 0, month: undefined }] }),
    });
    const run = await doctor();
    expect(run.code).toBe(6);
    const named = byName(rowsOf(run.stdout));
    expect(named['statements']!.detail).toBe(
      '/count: expected integer (got "2"); /list/0/month: is required; /list/0/propertyId: expected integer to be greater or equal to 1 (got 0)',
    );
    // Its first statement names no usable property: paidbalance and payadvice say so.
    expect(named['paidbalance']!.detail).toBe('skipped: needs --property (the first statement of landlord 5 names none)');
    expect(named['statement-pdf']!.query).toBe('statementId=31');
    expect(run.stderr).toMatch(
      /^shopprop: 1 of 5 endpoints checked fails \(1 not following the interface, 2 skipped\); the answers differ from the interface where named above/m,
    );
  });

  it('says so when an answer is not JSON at all', async () => {
    answerWith({
      [endpoints.statementPdf.path]: (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>Login</body></html>');
      },
    });
    const run = await doctor();
    expect(run.code).toBe(6);
    expect(byName(rowsOf(run.stdout))['statement-pdf']!.detail).toBe('HTTP 200 but not JSON (text/html)');
  });
});

describe('help', () => {
  it('says what is checked and what to do for each exit code; help exit-codes names the command', async () => {
    const help = await cli(['doctor', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}reachable {3}an HTTP answer came in time/m);
    expect(help.stdout).toMatch(/^ {2}authorised {2}the answer is not HTTP 401 or 403/m);
    expect(help.stdout).toMatch(/^ {2}follows {5}HTTP 200 with JSON that the interface's schema accepts/m);
    expect(help.stdout).toMatch(/^ {2}5 {2}not reachable: check the base URL/m);
    expect(help.stdout).toMatch(/^ {2}4 {2}not authorised: use a token of that company/m);
    expect(help.stdout).toMatch(/^ {2}6 {2}an answer that does not follow the interface/m);
    expect((await cli(['check', '--help'])).stdout).toBe(help.stdout);
    expect((await cli(['help', 'exit-codes'])).stdout).toContain('shopprop doctor exits 5, 4 or 6 by the first of its checks that failed');
  });
});

describe('against a port nothing listens on', () => {
  it('reaches no endpoint, says why, and exits 5', async () => {
    const port = await closedPort();
    const run = await cli(['--base-url', `http://127.0.0.1:${port}`, '--token', 'sp_x', 'doctor', '--company', '1', '--landlord', '1', '--format', 'json']);
    expect(run.code).toBe(5);
    const rows = rowsOf(run.stdout);
    expect(rows.map((row) => [row.endpoint, row.result])).toEqual([
      ['sale list', 'unreachable'],
      ['sale items', 'unreachable'],
      ['receipt specs', 'unreachable'],
      ['paidbalance', 'skipped'],
      ['payadvice', 'skipped'],
      ['statements', 'unreachable'],
      ['statement-pdf', 'skipped'],
    ]);
    expect(byName(rows)['sale list']!).toMatchObject({
      reachable: 'no',
      authorised: null,
      follows: null,
      status: null,
      detail: `connection refused (127.0.0.1:${port})`,
    });
    expect(run.stderr).toContain(`sale list: not reachable: connection refused (127.0.0.1:${port})\n`);
    expect(run.stderr).toMatch(/^shopprop: 4 of 4 endpoints checked fail \(4 not reachable, 3 skipped\); check the base URL/m);
  });
});
