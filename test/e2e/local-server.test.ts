/**
 * The quick start where it needs real processes: the built CLI stopping quietly when the reader
 * of its pipe goes away, and `shopprop serve` on a port with a token answering the same data as
 * the embedded store, then stopping on SIGTERM. (The embedded reports themselves are tested
 * in-process: test/cli/commands/embedded-reports.test.ts.) The clients run in-process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { demoHome } from '../helpers/demo-store.js';
import { QUICK_START_REPORTS } from '../helpers/quick-start.js';
import { BIN, cliEnv } from '../helpers/run-cli.js';

const { dir: home, db } = demoHome();
const cli = (args: string[]) => runInProcess(args, { home });

let server: ChildProcess | undefined;
let serverStderr = '';
let baseUrl = '';

afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
});

describe('the built CLI in a pipe', () => {
  it('stops quietly when the reader of a pipe goes away (| head)', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" --db "${db}" sale items --all --format csv | head -n 2`], {
      env: cliEnv({ home }),
      encoding: 'utf8',
    });
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(result.stderr).not.toMatch(/EPIPE|Error/);
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
    const created = await cli(['--db', db, 'local', 'token', 'create', '--company', '1', '--role', 'admin', '--name', 'e2e']);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^sp_/);
    for (const args of QUICK_START_REPORTS) {
      const local = await cli(['--db', db, '--format', 'json', ...args]);
      const remote = await cli(['--base-url', baseUrl, '--token', token, '--format', 'json', ...args]);
      expect(remote.code, `${args.join(' ')}: ${remote.stderr}`).toBe(0);
      expect(JSON.parse(remote.stdout), args.join(' ')).toEqual(JSON.parse(local.stdout));
    }
  });

  it('refuses a request without a token with exit code 4 and the fix', async () => {
    const { code, stderr } = await cli(['--base-url', baseUrl, 'sale', 'list']);
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
