/**
 * The request log of `shopprop serve`, from the built binary: a readable line per request at a
 * terminal (a pseudo-terminal here) or with --log-format pretty, JSON lines when stdout is not a
 * terminal or with --log-format json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawnPty, type PtySession } from '../helpers/pty-cli.js';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const running: ChildProcess[] = [];
const terminals: PtySession[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
  for (const terminal of terminals.splice(0)) {
    terminal.kill();
    await terminal.ended;
  }
});

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

/** `shopprop serve` in a pipe; resolves with its URL and what it wrote so far, as it goes. */
async function servePiped(extra: string[]): Promise<{ url: string; stdout: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', join(temp.dir, 'log.db'), ...extra], {
    env: cliEnv({ home: temp.dir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const found = LISTENING.exec(stderr);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { url, stdout: () => stdout };
}

/** Two requests: one answered 200, one 401 (no token). */
async function twoRequests(url: string): Promise<void> {
  expect((await fetch(`${url}/api/openapi.json`)).status).toBe(200);
  expect((await fetch(`${url}/api/inventorycashsale/list?companyId=1`)).status).toBe(401);
}

async function until(check: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out; got:\n${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const PRETTY_200 = /^\d\d:\d\d:\d\d GET {4}\/api\/openapi\.json 200 \d+\.\d ms {2}127\.0\.0\.1$/m;
const PRETTY_401 = /^\d\d:\d\d:\d\d GET {4}\/api\/inventorycashsale\/list\?companyId=1 401 \d+\.\d ms {2}127\.0\.0\.1$/m;

describe('the request log of shopprop serve', () => {
  it('is JSON lines when stdout is not a terminal, each request completed with its status', async () => {
    const server = await servePiped([]);
    await twoRequests(server.url);
    await until(() => (server.stdout().match(/request completed/g) ?? []).length >= 2, server.stdout);
    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; res?: { statusCode: number } });
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.res!.statusCode)).toEqual([200, 401]);
  }, 30_000);

  it('is one readable line per request with --log-format pretty, whatever stdout is', async () => {
    const server = await servePiped(['--log-format', 'pretty']);
    await twoRequests(server.url);
    await until(() => PRETTY_401.test(server.stdout()), server.stdout);
    expect(server.stdout()).toMatch(PRETTY_200);
    expect(server.stdout()).not.toContain('{');
    // One line per request: no "incoming request" line of its own.
    expect(server.stdout()).not.toMatch(/incoming request/);
  }, 30_000);

  it('is one readable line per request at a terminal, by default', async () => {
    const terminal = spawnPty(['serve', '--port', '0', '--db', join(temp.dir, 'log.db')], { home: temp.dir });
    terminals.push(terminal);
    await terminal.waitFor(LISTENING);
    const url = LISTENING.exec(terminal.screen())![1]!;
    await twoRequests(url);
    await terminal.waitFor(PRETTY_401);
    expect(terminal.screen().replace(/\r/g, '')).toMatch(PRETTY_200);
    expect(terminal.screen()).not.toContain('"msg"');
  }, 30_000);

  it('--log-format takes pretty or json only (exit 2)', async () => {
    const result = await runCli(['serve', '--log-format', 'xml'], { home: temp.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--log-format.*Allowed choices are pretty, json/);
  });
});
