/**
 * The offline outbox where it needs real processes: a `sale sync` of the built CLI killed with
 * SIGKILL half-way, against the server in its own process (`node dist/server/standalone.js`):
 * the next sync takes over and every sale is recorded exactly once. (The outbox's other paths
 * run in-process: test/cli/commands/sale-outbox.test.ts.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Outbox } from '../../src/cli/sale/outbox-store.js';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { createToken } from '../helpers/sqlite-token.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { demoHome } from '../helpers/demo-store.js';
import { readRows } from '../helpers/read-store.js';
import { BIN, cliEnv } from '../helpers/run-cli.js';
import { accessoryLine, companyRefs, saleBody } from '../helpers/sale-fixtures.js';

const STANDALONE = fileURLToPath(new URL('../../dist/server/standalone.js', import.meta.url));

const { dir, db } = demoHome();
let token: string;
let refs: ReturnType<typeof companyRefs>;

beforeAll(async () => {
  const store = await openStore(db);
  token = createToken(store, { companyId: 1, role: 'cashier', name: 'Till 1' }).token;
  refs = companyRefs(store, 1);
  await store.close();
}, 60_000);

interface ServerProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The server in its own process; resolves once it printed where it listens. */
async function startServer(port = 0): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [STANDALONE, '--db', db, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  const server = {
    url,
    port: Number(new URL(url).port),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
  onTestFinished(() => server.stop());
  return server;
}

/** A fresh user home: its own config and its own outbox. */
function newHome(): string {
  return mkdtempSync(join(dir, 'home-'));
}

function cli(home: string, baseUrl: string, args: string[], input?: string) {
  return runInProcess(['--base-url', baseUrl, '--token', token, ...args], { home, input });
}

function sale(refNo: string): SaveCashSaleBody {
  return saleBody(refs, [accessoryLine(refs, 1)], { over: { refNo } });
}

function salesWithRef(pattern: string): { ref_no: string; n: number; receipt_no: string }[] {
  return readRows(
    db,
    'select ref_no, count(*) as n, max(receipt_no) as receipt_no from cash_sales where ref_no like ? group by ref_no order by ref_no',
    pattern,
  );
}

describe('an interrupted delivery', () => {
  it('a sync killed half-way: the next sync takes over and every sale is recorded exactly once', async () => {
    const server = await startServer();
    const home = newHome();
    const outbox = await Outbox.open(join(home, 'data', 'outbox.db'));
    const refsOf = Array.from({ length: 40 }, (_, i) => `KILL-${String(i).padStart(2, '0')}`);
    refsOf.forEach((ref, i) =>
      outbox.add({
        idempotencyKey: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        target: server.url,
        body: sale(ref),
        createdAt: 1_000 + i,
        reason: 'down',
      }),
    );
    outbox.close();

    const child = spawn(process.execPath, [BIN, '--base-url', server.url, '--token', token, 'sale', 'sync'], {
      env: cliEnv({ home }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    await new Promise<void>((resolve) => {
      child.stderr!.on('data', (chunk) => {
        stderr += chunk;
        if (/sent #5:/.test(stderr)) resolve();
      });
      child.once('exit', () => resolve());
    });
    child.kill('SIGKILL');
    await once(child, 'exit').catch(() => undefined);
    const partial = salesWithRef('KILL-%');
    expect(partial.length).toBeGreaterThanOrEqual(5);
    expect(partial.length).toBeLessThan(40);

    const resumed = await cli(home, server.url, ['sale', 'sync']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/taking over from an earlier sync/);
    const all = salesWithRef('KILL-%');
    expect(all.map((r) => r.ref_no)).toEqual(refsOf);
    expect(all.every((r) => r.n === 1)).toBe(true);
    expect(JSON.parse((await cli(home, server.url, ['sale', 'outbox'])).stdout)).toEqual([]);
  }, 60_000);
});
