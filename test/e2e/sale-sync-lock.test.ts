/**
 * The outbox's sync lock dies with its holder: the built CLI's `sale sync`, blocked on a server
 * that does not answer, holds it (a second sync is refused); killed with SIGKILL, its lock goes
 * with it, and the next sync sends the sale, even though the lock row it left names a PID that
 * now belongs to a live, unrelated process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { json } from '../client/http-fixture.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';
import { scriptedServerForFile } from '../helpers/scripted-server.js';
import { smallCashSale } from '../helpers/small-sale.js';

const fixture = scriptedServerForFile();
const SALE = smallCashSale('LOCK-1');

it('a sync killed while holding the lock leaves no lock behind; a live process with its old PID does not block the next sync', async () => {
  const server = fixture.server();
  const home = fixture.newHome();
  const args = ['--base-url', server.url, '--token', 't'];
  server.handle((_req, res) => json(res, 503, { message: 'busy' }, { 'retry-after': '120' }));
  const saved = await runInProcess([...args, 'sale', 'save', '--file', '-'], { home, input: JSON.stringify(SALE) });
  expect(saved.code, saved.stderr).toBe(0);

  // The first sync sends the sale to a server that never answers: it holds the lock.
  let arrived!: () => void;
  const sent = new Promise<void>((resolve) => (arrived = resolve));
  server.handle(() => arrived());
  const first = spawn(process.execPath, [BIN, ...args, 'sale', 'sync'], { env: cliEnv({ home }), stdio: 'ignore' });
  await sent;

  const second = await runCli([...args, 'sale', 'sync'], { home });
  expect(second.code).toBe(1);
  expect(second.stderr).toMatch(new RegExp(`another sync is running \\(process ${first.pid} `));

  first.kill('SIGKILL');
  await once(first, 'exit');
  // Its row stays, and its PID is now a live process that is no sync at all (this test's own).
  const outboxFile = join(home, 'data', 'outbox.db');
  const raw = new Database(outboxFile);
  expect(raw.prepare('update sync_lock set pid = ? where id = 1').run(process.pid).changes).toBe(1);
  raw.close();

  server.handle((_req, res) => json(res, 200, { success: 'true', message: 'saved', id: 7, receiptNo: 'R000007' }));
  const third = await runCli([...args, 'sale', 'sync'], { home });
  expect(third.code, third.stderr).toBe(0);
  expect(third.stderr).toMatch(new RegExp(`taking over from an earlier sync \\(process ${process.pid}\\)`));
  expect(third.stderr).toMatch(/sent #1: receipt R000007, sale 7/);
  // One key for every send of this sale: the server can answer a repeat with the first result.
  const keys = new Set(server.seen.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']));
  expect(keys.size).toBe(1);
}, 60_000);
