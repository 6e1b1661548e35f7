/**
 * `-o FILE` as the built CLI writes it, against a real HTTP server on 127.0.0.1: a regular file
 * is replaced whole through an exclusive temp file in its directory, and nothing is left behind
 * on failure, SIGINT or SIGTERM; what a SIGKILLed writer leaves is removed by the next write to
 * the same file, and a live writer's temp file never is; a symlink writes its target; FIFOs, character devices and
 * /dev/stdout are written directly, never replaced; a missing directory is exit 2 naming it.
 */
import { execFileSync, spawn } from 'node:child_process';
// Never run against the system's own /dev/stdout or /dev/null: a CLI that replaces its target
// with a regular file would break them for the whole machine. Devices and links here are our own.
import { once } from 'node:events';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cashSale } from '../client/fixtures.js';
import { json } from '../client/http-fixture.js';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';
import { scriptedServerForFile } from '../helpers/scripted-server.js';

const fixture = scriptedServerForFile();

function servePages(): void {
  fixture.server().handle((req, res) => {
    if (req.pathname !== '/api/inventorycashsale/list') return json(res, 404, { message: 'no such route' });
    const start = Number(req.query.start ?? 0);
    json(res, 200, { count: 3, list: [cashSale(3), cashSale(2), cashSale(1)].slice(start, start + Number(req.query.limit ?? 50)) });
  });
}

const LIST = ['sale', 'list', '--company', '1', '--all', '--format', 'csv', '--fields', 'id'];
const EXPECTED = 'id\r\n3\r\n2\r\n1\r\n';

function dir(): string {
  return mkdtempSync(join(fixture.dir, 'out-'));
}

function list(output: string, extra: string[] = []) {
  return runCli(['--base-url', fixture.server().url, '--token', 't', ...LIST, '-o', output, ...extra], { home: fixture.dir });
}

describe('-o FILE', () => {
  it('a regular file is replaced whole (--force: it exists), and no temp file is left', async () => {
    servePages();
    const d = dir();
    const file = join(d, 'sales.csv');
    writeFileSync(file, 'old');
    const result = await list(file, ['--force']);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(EXPECTED);
    expect(readdirSync(d)).toEqual(['sales.csv']);
  });

  it('a symlink writes its target and stays a link', async () => {
    servePages();
    const d = dir();
    writeFileSync(join(d, 'target.csv'), 'old');
    symlinkSync('target.csv', join(d, 'link.csv'));
    const result = await list(join(d, 'link.csv'), ['--force']);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(join(d, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(d, 'link.csv'))).toBe('target.csv');
    expect(readFileSync(join(d, 'target.csv'), 'utf8')).toBe(EXPECTED);
    expect(readdirSync(d).sort()).toEqual(['link.csv', 'target.csv']);
  });

  it('a dangling symlink creates its target', async () => {
    servePages();
    const d = dir();
    symlinkSync(join(d, 'new.csv'), join(d, 'link.csv'));
    const result = await list(join(d, 'link.csv'));
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(join(d, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(d, 'new.csv'), 'utf8')).toBe(EXPECTED);
  });

  it('a FIFO is written directly and stays a FIFO', async () => {
    servePages();
    const d = dir();
    const fifo = join(d, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    let received = '';
    reader.stdout.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const closed = once(reader, 'close');
    const result = await list(fifo);
    await closed;
    expect(result.code, result.stderr).toBe(0);
    expect(received).toBe(EXPECTED);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.runIf(process.getuid?.() === 0)('a character device (a null device of our own, made as root) is written, never replaced', async () => {
    servePages();
    const d = dir();
    const device = join(d, 'null');
    execFileSync('mknod', [device, 'c', '1', '3']);
    const result = await list(device);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(readdirSync(d)).toEqual(['null']);
  });

  it('a link to /proc/self/fd/1 (what /dev/stdout is) and -o - write to stdout', async () => {
    servePages();
    // A link of our own rather than /dev/stdout itself: a CLI that replaced it would break the machine.
    const d = dir();
    symlinkSync('/proc/self/fd/1', join(d, 'stdout'));
    for (const target of [join(d, 'stdout'), '-']) {
      const result = await list(target);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(EXPECTED);
    }
  });

  it('a missing directory is exit 2, naming it', async () => {
    servePages();
    const d = dir();
    const result = await list(join(d, 'missing', 'dir', 'x.csv'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`the directory ${join(d, 'missing', 'dir')} does not exist`);
  });

  it('a failure half-way leaves neither the file nor a temp file', async () => {
    let requests = 0;
    fixture.server().handle((req, res) => {
      if (req.pathname !== '/api/inventorycashsale/list') return json(res, 404, { message: 'no such route' });
      if (requests++ > 0) return json(res, 500, { message: 'broken' });
      json(res, 200, { count: 3, list: [cashSale(3)] });
    });
    const d = dir();
    const result = await list(join(d, 'sales.csv'));
    expect(result.code).toBe(6);
    expect(readdirSync(d)).toEqual([]);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} during an export leaves neither the file nor a temp file`, async () => {
      let stalled!: () => void;
      const reached = new Promise<void>((resolve) => (stalled = resolve));
      let requests = 0;
      fixture.server().handle((req, res) => {
        if (req.pathname !== '/api/inventorycashsale/list') return json(res, 404, { message: 'no such route' });
        if (requests++ > 0) return stalled();
        json(res, 200, { count: 3, list: [cashSale(3)] });
      });
      const d = dir();
      const child = spawn(process.execPath, [BIN, '--base-url', fixture.server().url, '--token', 't', ...LIST, '-o', join(d, 'sales.csv')], {
        env: cliEnv({ home: fixture.dir }),
        stdio: 'ignore',
      });
      await reached;
      // The first page is on its way into the temp file.
      expect(readdirSync(d).filter((name) => name.endsWith('.partial'))).toHaveLength(1);
      child.kill(signal);
      const [code] = await once(child, 'exit');
      // The documented exit codes (shopprop help exit-codes), not death by the signal.
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(readdirSync(d)).toEqual([]);
    });
  }

  it("a writer killed outright (SIGKILL) leaves a temp file naming its PID; the next export to the file removes it, not a live writer's", async () => {
    let stalled!: () => void;
    const reached = new Promise<void>((resolve) => (stalled = resolve));
    let requests = 0;
    fixture.server().handle((req, res) => {
      if (req.pathname !== '/api/inventorycashsale/list') return json(res, 404, { message: 'no such route' });
      if (requests++ > 0) return stalled();
      json(res, 200, { count: 3, list: [cashSale(3)] });
    });
    const d = dir();
    const child = spawn(process.execPath, [BIN, '--base-url', fixture.server().url, '--token', 't', ...LIST, '-o', join(d, 'sales.csv')], {
      env: cliEnv({ home: fixture.dir }),
      stdio: 'ignore',
    });
    await reached;
    const [left] = readdirSync(d);
    expect(left).toMatch(new RegExp(`^\\.sales\\.csv\\.${child.pid}\\.[0-9a-f]{12}\\.partial$`));
    // The next page is asked for while the first is written: wait for its row to reach the disk.
    await expect.poll(() => readFileSync(join(d, left!), 'utf8'), { timeout: 5_000 }).toBe('id\r\n3\r\n');
    child.kill('SIGKILL');
    const [, signal] = await once(child, 'exit');
    expect(signal).toBe('SIGKILL');
    // Nothing ran to remove it: the first page of customer data stays on disk.
    expect(readdirSync(d)).toEqual([left]);

    // A temp file of a writer still running (this test's own process) is not touched.
    const live = `.sales.csv.${process.pid}.0123456789ab.partial`;
    writeFileSync(join(d, live), 'being written');
    servePages();
    const result = await list(join(d, 'sales.csv'));
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(d, 'sales.csv'), 'utf8')).toBe(EXPECTED);
    expect(readdirSync(d).sort()).toEqual([live, 'sales.csv']);
  });
});
