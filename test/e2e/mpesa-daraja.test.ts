/**
 * Daraja's C2B calls posted to a real `serve` of the built CLI on 127.0.0.1, as Daraja posts
 * them (the sample body, amounts and times as strings, no token): the validation call accepts
 * a known account and rejects an unknown one with C2B00012, the confirmation books a payment
 * once however often it is sent (also twice at the same time), a wrong secret is 404, a short
 * code not configured is refused, and a payment matching nothing is kept, listed by
 * `local mpesa unmatched`, and booked once the accountant imports the list with its
 * tenant_account filled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const SAMPLE = JSON.parse(readFileSync('/work/shared/samples/daraja-c2b-confirmation.json', 'utf8')) as Record<string, string>;
const temp = makeTempDir();
const db = join(temp.dir, 'shop.db');
const cli = (args: string[]) => runCli([...args, '--db', db, '--company', '1'], { home: temp.dir });
let server: ChildProcess | undefined;
let origin = '';
let secret = '';

beforeAll(async () => {
  expect((await runCli(['local', 'company', 'create', '--name', 'Savanna', '--db', db], { home: temp.dir })).code).toBe(0);
  const reference: [string, string][] = [
    ['landlords', 'code,name\nL1,Wanjiru\n'],
    ['properties', 'code,name,landlord_code\nP0001,Mvule House,L1\n'],
    ['units', 'property_code,unit_no,market_rent\nP0001,A1,40000\nP0001,A9,36000\n'],
    ['tenants', 'account_no,name\nT1-000001,Faith Odhiambo\nT1-000009,Lucy Ali\n'],
    ['tenancies', 'property_code,unit_no,tenant_account,from\nP0001,A1,T1-000001,2026-01-01\nP0001,A9,T1-000009,2026-01-01\n'],
  ];
  for (const [kind, text] of reference) {
    const path = join(temp.dir, `${kind}.csv`);
    writeFileSync(path, text);
    const imported = await cli(['local', 'import', kind, path]);
    expect(imported.code, imported.stderr).toBe(0);
  }
  expect((await cli(['local', 'mpesa', 'set', '--short-code', '600123'])).code).toBe(0);
  const url = await cli(['local', 'mpesa', 'url', '--public-url', 'https://pay.example.com']);
  expect(url.code, url.stderr).toBe(0);
  secret = /^confirmation https:\/\/pay\.example\.com\/mpesa\/([\w-]{20,})\/confirmation$/m.exec(url.stdout)![1]!;
  expect(url.stdout).toContain(`validation   https://pay.example.com/mpesa/${secret}/validation`);

  server = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0'], { env: cliEnv({ home: temp.dir }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 30_000);
    server!.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  temp.remove();
});

const post = async (path: string, body: object) => {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const paid = async () => {
  const report = await cli(['paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json']);
  expect(report.code, report.stderr).toBe(0);
  return Object.fromEntries((JSON.parse(report.stdout) as { tenant: string; paidRent: number }[]).map((r) => [r.tenant, r.paidRent]));
};

describe('Daraja C2B calls to serve', () => {
  it('validation: a known account is accepted, one matching no tenancy rejected with C2B00012, another short code with C2B00015', async () => {
    expect(await post(`/mpesa/${secret}/validation`, SAMPLE)).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect(await post(`/mpesa/${secret}/validation`, { ...SAMPLE, BillRefNumber: 'p0001 a9' })).toEqual({
      status: 200,
      body: { ResultCode: 0, ResultDesc: 'Accepted' },
    });
    expect(await post(`/mpesa/${secret}/validation`, { ...SAMPLE, BillRefNumber: '4471' })).toEqual({
      status: 200,
      body: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' },
    });
    expect(await post(`/mpesa/${secret}/validation`, { ...SAMPLE, BusinessShortCode: '999999' })).toEqual({
      status: 200,
      body: { ResultCode: 'C2B00015', ResultDesc: 'Rejected' },
    });
  });

  it('a wrong secret is 404 and books nothing', async () => {
    expect((await post('/mpesa/not-the-secret-at-all-000000/confirmation', SAMPLE)).status).toBe(404);
    expect(await paid()).toEqual({ 'Faith Odhiambo': 0, 'Lucy Ali': 0 });
  });

  it('confirmation: accepted every time it is sent, booked once (also when sent twice at the same time)', async () => {
    const answers = await Promise.all([post(`/mpesa/${secret}/confirmation`, SAMPLE), post(`/mpesa/${secret}/confirmation`, SAMPLE)]);
    answers.push(await post(`/mpesa/${secret}/confirmation`, SAMPLE));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 0 });
  });

  it('a short code the company does not take is refused and booked nowhere', async () => {
    const refused = await post(`/mpesa/${secret}/confirmation`, { ...SAMPLE, TransID: 'SJ51K2LM3Z', BusinessShortCode: '999999' });
    expect(refused.status).toBe(403);
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 0 });
  });

  it('a payment matching nothing is kept once, listed, and booked once assigned', async () => {
    const unknown = { ...SAMPLE, TransID: 'SJ51K2LM4A', TransTime: '20261015120000', TransAmount: '750.00', BillRefNumber: '4471' };
    expect((await post(`/mpesa/${secret}/confirmation`, unknown)).body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await post(`/mpesa/${secret}/confirmation`, unknown)).body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await listedInEveryFormat();
    const kept = join(temp.dir, 'kept.csv');
    const listed = await cli(['local', 'mpesa', 'unmatched', '-o', kept]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toContain(`1 payment kept unmatched; fill its tenant_account column, then: shopprop local import mpesa ${kept}`);
    const lines = readFileSync(kept, 'utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('receipt_no,completion_time,amount,account_no,payer,reason,candidates,tenant_account');
    expect(lines[1]).toMatch(/^SJ51K2LM4A,2026-10-15 12:00:00,750\.00,4471,/);
    const filled = join(temp.dir, 'filled.csv');
    writeFileSync(filled, `${lines[0]}\r\n${lines[1]}T1-000009\r\n`);
    const assigned = await cli(['local', 'import', 'mpesa', filled]);
    expect(assigned.code, assigned.stderr).toBe(0);
    expect(assigned.stderr).toMatch(/booked\s+1\s+750\.00/);
    expect(JSON.parse((await cli(['local', 'mpesa', 'unmatched'])).stdout)).toEqual([]);
    expect((await post(`/mpesa/${secret}/confirmation`, unknown)).body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await paid()).toEqual({ 'Faith Odhiambo': 40000, 'Lucy Ali': 750 });
  });
});

/** The kept payment listed as every other list is: the format from -o's extension, --format first, JSON down a pipe. */
async function listedInEveryFormat(): Promise<void> {
  const piped = await cli(['local', 'mpesa', 'unmatched']);
  expect(piped.code, piped.stderr).toBe(0);
  expect(JSON.parse(piped.stdout)).toEqual([expect.objectContaining({ receipt_no: 'SJ51K2LM4A', amount: 750, account_no: '4471', tenant_account: '' })]);
  const ndjson = join(temp.dir, 'kept.ndjson');
  expect((await cli(['local', 'mpesa', 'unmatched', '-o', ndjson])).code).toBe(0);
  expect(JSON.parse(readFileSync(ndjson, 'utf8').trim())).toMatchObject({ receipt_no: 'SJ51K2LM4A', completion_time: '2026-10-15 12:00:00' });
  const csvNamedJson = join(temp.dir, 'kept-as-csv.json');
  const csvWins = await cli(['local', 'mpesa', 'unmatched', '-o', csvNamedJson, '--format', 'csv']);
  expect(csvWins.code, csvWins.stderr).toBe(0);
  expect(readFileSync(csvNamedJson, 'utf8')).toMatch(/^receipt_no,completion_time,amount,account_no,payer,reason,candidates,tenant_account\r\nSJ51K2LM4A,/);
  const xlsx = join(temp.dir, 'kept.xlsx');
  const workbook = await cli(['local', 'mpesa', 'unmatched', '-o', xlsx]);
  expect(workbook.code, workbook.stderr).toBe(0);
  // Only the CSV goes back in: the hint says how to get it.
  expect(workbook.stderr).toContain('write them with -o unmatched.csv, fill its tenant_account column');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsx);
  const cells = book.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : []));
  expect(cells).toEqual(expect.arrayContaining(['SJ51K2LM4A', '4471', 750]));
  const existing = await cli(['local', 'mpesa', 'unmatched', '-o', xlsx]);
  expect(existing.code).toBe(2);
  expect(existing.stderr).toContain(`${xlsx} exists: --force replaces it`);
}
