/**
 * The quick start as a user runs it: demo data, then every report embedded (no server), then
 * the same commands against `shopprop serve` on a port with a token: the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const home = temp.dir;
const db = join(home, 'shop.db');

const reports: string[][] = [
  ['sale', 'list'],
  ['sale', 'items', '--limit', '20'],
  ['receipt', 'specs'],
  ['paidbalance', '--zone', '1'],
  ['payadvice', '--property', '1'],
  ['statements', '--landlord', '1', '--status', 'ALL'],
];

let server: ChildProcess | undefined;
let serverStderr = '';
let baseUrl = '';

beforeAll(async () => {
  const demo = await runCli(['--db', db, 'demo'], { home, timeoutMs: 120_000 });
  expect(demo.code, demo.stderr).toBe(0);
  expect(demo.stderr).toMatch(/demo ready/);
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  temp.remove();
});

describe('embedded (no server started by hand)', () => {
  it.each(reports)('%s prints a non-empty table on stdout', async (...args) => {
    const { code, stdout, stderr } = await runCli(['--db', db, '--format', 'table', ...args], { home });
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/┌/);
    expect(stdout.split('\n').length).toBeGreaterThan(5);
  });

  it('uses the demo profile: company, shop, user and cashbook', async () => {
    const { stdout } = await runCli(['config', 'list', '--format', 'json'], { home });
    expect(JSON.parse(stdout).settings).toMatchObject({ companyId: 1 });
    expect(Object.keys(JSON.parse(stdout).settings)).toEqual(expect.arrayContaining(['retailShopId', 'userId', 'cashbookId']));
  });

  it('stops quietly when the reader of a pipe goes away (| head)', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" --db "${db}" sale items --all --format csv | head -n 2`], {
      env: cliEnv({ home }),
      encoding: 'utf8',
    });
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(result.stderr).not.toMatch(/EPIPE|Error/);
  });

  it('refuses to overwrite a store that holds data', async () => {
    const again = await runCli(['--db', db, 'demo'], { home });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists already.*--replace/);
  });
});

describe('shopprop serve on a port, with a token', () => {
  beforeAll(async () => {
    server = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0', '--quiet'], { env: cliEnv({ home }), stdio: ['ignore', 'pipe', 'pipe'] });
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${serverStderr}`)), 30_000);
      server!.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        serverStderr += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(serverStderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
  }, 60_000);

  it('answers the same data as the embedded store', async () => {
    const created = await runCli(['--db', db, 'local', 'token', 'create', '--company', '1', '--role', 'admin', '--name', 'e2e'], { home });
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^sp_/);
    for (const args of reports) {
      const local = await runCli(['--db', db, '--format', 'json', ...args], { home });
      const remote = await runCli(['--base-url', baseUrl, '--token', token, '--format', 'json', ...args], { home });
      expect(remote.code, `${args.join(' ')}: ${remote.stderr}`).toBe(0);
      expect(JSON.parse(remote.stdout), args.join(' ')).toEqual(JSON.parse(local.stdout));
    }
  });

  it('refuses a request without a token with exit code 4 and the fix', async () => {
    const { code, stderr } = await runCli(['--base-url', baseUrl, 'sale', 'list'], { home });
    expect(code).toBe(4);
    expect(stderr).toMatch(/401/);
    expect(stderr).toMatch(/token/);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(serverStderr).toMatch(/stopped; database closed/);
  });
});
