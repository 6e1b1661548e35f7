/**
 * The apps that already speak this interface, replayed against `shopprop serve` exactly as they
 * call it: the mobile apps (log in with a name and password, read the token and who they are,
 * then a report, then fetch the statement document's URL with no headers at all) and the
 * browser landlord portal (another origin: a CORS preflight, then payadvice and paidbalance
 * with the token it got at login). Each check reads what the app reads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { demoHome } from '../helpers/demo-store.js';
import { readPdf } from '../helpers/pdf-read.js';
import { BIN, cliEnv } from '../helpers/run-cli.js';

const { dir: home, db } = demoHome();
const PORTAL = 'https://portal.example.com';
const PASSWORD = 'correct horse battery staple';

let server: ChildProcess | undefined;
let serverOutput = '';
let baseUrl = '';

/** What Angular's HttpClient sends with a GET from the portal page. */
const portalHeaders = (token: string) => ({
  accept: 'application/json, text/plain, */*',
  authorization: `Bearer ${token}`,
  origin: PORTAL,
  referer: `${PORTAL}/statements`,
});
/** What Dart's http package sends from the mobile apps. */
const DART = { 'user-agent': 'Dart/3.5 (dart:io)', 'accept-encoding': 'gzip' };

async function logIn(username: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { ...DART, 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify({ username, password }),
  });
}

beforeAll(async () => {
  const user = await runInProcess(
    [
      '--db',
      db,
      'local',
      'user',
      'create',
      '--company',
      '1',
      '--role',
      'accountant',
      '--name',
      'Amina Otieno',
      '--username',
      'Amina',
      '--email',
      'amina@example.com',
      '--password-stdin',
    ],
    { home, input: `${PASSWORD}\n` },
  );
  expect(user.code, user.stderr).toBe(0);
  // With the request log on: the password must never appear in it.
  server = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0', '--cors-origin', PORTAL], {
    env: cliEnv({ home }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (serverOutput += chunk));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${serverOutput}`)), 30_000);
    server!.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      serverOutput += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(serverOutput);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
}, 180_000);

afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
});

describe('the mobile apps', () => {
  it('log in with {"username","password"} and read token, name, userId, landlordId, companyId, email', async () => {
    const sent = Date.now();
    const response = await logIn('amina', PASSWORD);
    const answered = Date.now();
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Amina Otieno', landlordId: null, companyId: 1, email: 'amina@example.com' });
    expect(body.token).toMatch(/^sp_/);
    expect(Number.isInteger(body.userId)).toBe(true);
    // A working day: twelve hours from the moment of the log-in, which lies between sending and the answer.
    expect(body.expiresAt).toBeGreaterThanOrEqual(sent + 12 * 3600_000);
    expect(body.expiresAt).toBeLessThanOrEqual(answered + 12 * 3600_000);
    // The token is an ordinary bearer token of the user's role (accountant) and company.
    const statements = await fetch(`${baseUrl}/api/propertystmt/statements?companyId=1&landlordId=1&paidPosted=ALL`, {
      headers: { ...DART, authorization: `Bearer ${body.token}` },
    });
    expect(statements.status).toBe(200);
    const other = await fetch(`${baseUrl}/api/propertystmt/statements?companyId=2&landlordId=1&paidPosted=ALL`, {
      headers: { ...DART, authorization: `Bearer ${body.token}` },
    });
    expect(other.status).toBe(403);
    const cashierOnly = await fetch(`${baseUrl}/api/itemcatalogspecs/list_for_receipt?companyId=1`, {
      headers: { ...DART, authorization: `Bearer ${body.token}` },
    });
    expect(cashierOnly.status).toBe(403);
  });

  it('read statementpdf’s message URL and fetch it with no headers: a PDF of the statement', async () => {
    const { token } = (await (await logIn('amina', PASSWORD)).json()) as { token: string };
    const auth = { ...DART, authorization: `Bearer ${token}` };
    const list = (await (await fetch(`${baseUrl}/api/propertystmt/statements?companyId=1&landlordId=1&paidPosted=ALL`, { headers: auth })).json()) as {
      count: number;
      list: { id: number; propertyName: string }[];
    };
    expect(list.count).toBeGreaterThan(0);
    const statement = list.list[0]!;
    const link = await fetch(`${baseUrl}/api/propertystmt/statementpdf?statementId=${statement.id}`, { headers: auth });
    expect(link.status).toBe(200);
    const { success, message } = (await link.json()) as { success: string; message: string };
    expect(success).toBe('true');
    const document = await fetch(message);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toMatch(/application\/pdf/);
    const pdf = await readPdf(Buffer.from(await document.arrayBuffer()));
    expect(pdf.text).toContain(statement.propertyName);
  });

  it('get one answer for a wrong password and an unknown name, and no token', async () => {
    for (const [username, password] of [
      ['amina', 'wrong password'],
      ['nobody', PASSWORD],
    ] as const) {
      const response = await logIn(username, password);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: 'false', message: 'wrong user name or password', code: 'UNAUTHORIZED' });
    }
  });

  it('are held back after five failed logins for a name: 429 with Retry-After, even with the right password', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await logIn('guessed', `guess ${attempt}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const held = await logIn('guessed', 'guess 5');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await held.json()) as { code: string }).code).toBe('TOO_MANY_REQUESTS');
    // Another name is not held back by them.
    expect((await logIn('amina', PASSWORD)).status).toBe(200);
  });

  it('never find the password in the request log', () => {
    expect(serverOutput).toMatch(/\/api\/auth\/login/);
    expect(serverOutput).not.toContain(PASSWORD);
  });
});

describe('the browser landlord portal on another origin', () => {
  let token = '';
  beforeAll(async () => {
    ({ token } = (await (await logIn('amina', PASSWORD, { origin: PORTAL })).json()) as { token: string });
  });

  it('has its preflight answered without a token, for its origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${baseUrl}/api/propertystmt/payadvice?companyId=1&propertyId=1&lldPaymentType=COMBINED`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight(PORTAL);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/GET/);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/authorization/);
    const stranger = await preflight('https://elsewhere.example.net');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads payadvice (companyId, propertyId, lldPaymentType) with the token it got at login', async () => {
    const response = await fetch(`${baseUrl}/api/propertystmt/payadvice?companyId=1&propertyId=1&lldPaymentType=COMBINED`, { headers: portalHeaders(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const advice = (await response.json()) as Record<string, unknown>;
    for (const field of ['rentReceived', 'manFees', 'netAmountDue', 'withEffectFrom', 'withEffectTo']) expect(typeof advice[field], field).toBe('number');
    expect(['INTERIM', 'FINAL']).toContain(advice.statementType);
    expect(Array.isArray(advice.rentsList)).toBe(true);
    expect(Array.isArray(advice.expenseList)).toBe(true);
  });

  it('reads payadvice with lldPaymentType=SERVICE_CHARGE_ONLY and no srvcId, as the portal offers it', async () => {
    const response = await fetch(`${baseUrl}/api/propertystmt/payadvice?companyId=1&propertyId=1&lldPaymentType=SERVICE_CHARGE_ONLY`, {
      headers: portalHeaders(token),
    });
    expect(response.status).toBe(200);
    const advice = (await response.json()) as Record<string, unknown>;
    expect(typeof advice.netAmountDue).toBe('number');
    expect(Array.isArray(advice.rentsList)).toBe(true);
  });

  it('reads paidbalance (companyId, propertyId) as a bare array of rows', async () => {
    const response = await fetch(`${baseUrl}/api/propertystmt/paidbalance?companyId=1&propertyId=1`, { headers: portalHeaders(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const rows = (await response.json()) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.some((row) => row.vacant === 1),
      'a vacant unit among the rows',
    ).toBe(true);
    for (const row of rows) {
      // The types a typed client declares, vacant rows included: no nulls here.
      expect(typeof row.tntAccount).toBe('string');
      expect(typeof row.phoneNo).toBe('string');
      expect(typeof row.putmId).toBe('number');
      expect(typeof row.unitNo).toBe('string');
      expect(typeof row.totalCf).toBe('number');
      expect([0, 1]).toContain(row.vacant);
    }
  });

  it('is refused without a token, and can read the refusal', async () => {
    const response = await fetch(`${baseUrl}/api/propertystmt/paidbalance?companyId=1&propertyId=1`, {
      headers: { accept: 'application/json, text/plain, */*', origin: PORTAL },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(((await response.json()) as { code: string }).code).toBe('UNAUTHORIZED');
  });
});
