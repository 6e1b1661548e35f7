/**
 * `sale save` keeps every sale the service did not refuse on its merits: the CLI, in-process,
 * against a real HTTP server on 127.0.0.1 answering each failure (or a closed port). A kept sale is in
 * the outbox under the Idempotency-Key the server saw, the command says so and exits 0; a sale
 * refused with 400, 405 or 409 is not kept and the command exits 2 with the server's reasons.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Outbox } from '../../../src/cli/sale/outbox-store.js';
import { closedPort, json } from '../../client/http-fixture.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { scriptedServerForFile } from '../../helpers/scripted-server.js';
import { smallCashSale } from '../../helpers/small-sale.js';

const fixture = scriptedServerForFile();
const SALE = smallCashSale('KEEP-1');

async function save(baseUrl: string, extra: string[] = []) {
  const home = fixture.newHome();
  const result = await runInProcess(['--base-url', baseUrl, '--token', 't', ...extra, 'sale', 'save', '--file', '-'], { home, input: JSON.stringify(SALE) });
  const outbox = await Outbox.open(join(home, 'data', 'outbox.db'));
  try {
    return { ...result, kept: outbox.list() };
  } finally {
    outbox.close();
  }
}

function lastKey(): string {
  const saves = fixture.server().seen.filter((r) => r.method === 'POST');
  return String(saves.at(-1)!.headers['idempotency-key']);
}

describe('a sale the service did not refuse on its merits is kept in the outbox', () => {
  const statuses: [number, Record<string, string>][] = [
    [500, {}],
    [502, {}],
    [503, { 'retry-after': '120' }],
    [504, {}],
    [507, {}],
    [429, { 'retry-after': '120' }],
    [401, {}],
    [404, {}],
  ];
  for (const [status, headers] of statuses) {
    it(`HTTP ${status}: kept under the key the server saw, said so, exit 0`, async () => {
      fixture.server().handle((_req, res) => json(res, status, { code: 'X', message: `status ${status}` }, headers));
      const result = await save(fixture.server().url);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(new RegExp(`not saved now: .*HTTP ${status}`));
      expect(result.stderr).toMatch(/kept in the offline outbox \(#1, /);
      expect(JSON.parse(result.stdout)).toMatchObject({ status: 'queued', outboxId: 1, idempotencyKey: lastKey() });
      expect(result.kept.map((e) => [e.idempotencyKey, e.body.refNo])).toEqual([[lastKey(), 'KEEP-1']]);
    }, 30_000);
  }

  it('connection refused (a closed port): kept, exit 0', async () => {
    const result = await save(`http://127.0.0.1:${await closedPort()}`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/not saved now: .*connection refused/);
    expect(result.kept).toHaveLength(1);
  }, 30_000);

  it('connection reset after the request was read: kept, exit 0', async () => {
    // The sale may have been recorded before the reset: only its key can tell, at the next send.
    fixture.server().handle((_req, res) => {
      res.socket?.destroy();
    });
    const result = await save(fixture.server().url);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/not saved now: .*(reset|closed)/);
    expect(result.kept.map((e) => e.idempotencyKey)).toEqual([lastKey()]);
  }, 30_000);

  it('no answer within --timeout: kept, exit 0', async () => {
    fixture.server().handle(() => undefined);
    const result = await save(fixture.server().url, ['--timeout', '0.5']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/not saved now: .*no complete answer from 127\.0\.0\.1:\d+ within 500ms/);
    expect(result.kept.map((e) => e.idempotencyKey)).toEqual([lastKey()]);
  }, 30_000);
});

describe('a sale the service refuses on its merits is not kept', () => {
  for (const status of [400, 405, 409]) {
    it(`HTTP ${status}: exit 2 with the server's reasons, nothing in the outbox`, async () => {
      fixture.server().handle((_req, res) => json(res, status, { code: 'INVALID', message: `totalAmount does not match the lines (${status})` }));
      const result = await save(fixture.server().url);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`HTTP ${status} totalAmount does not match the lines \\(${status}\\)`));
      expect(result.stderr).not.toMatch(/outbox/);
      expect(result.kept).toEqual([]);
    }, 30_000);
  }
});
