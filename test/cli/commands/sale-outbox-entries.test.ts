/**
 * The outbox one sale at a time, in-process against the bundled server on a real port: a sale the
 * service refuses stays listed with the service's reasons while the rest of the queue is sent;
 * `sale outbox show` gives a kept sale in full; `delete` wants a confirmation (`--yes` when no one
 * can be asked); `send --to PROFILE` delivers a sale to another profile's service.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../src/cli/sale/outbox-store.js';
import type { SaveCashSaleBody } from '../../../src/contract/cash-sale.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { startTestServer, type TestServer } from '../../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock, type CompanyRefs } from '../../helpers/sale-fixtures.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

let server: TestServer;
let refs: CompanyRefs;
let token: string;
let home: { dir: string; remove: () => void };
let deadUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  refs = companyRefs(server.store, 1);
  token = server.tokenFor(1, 'cashier');
  // A port nothing listens on: a service that cannot be reached.
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  deadUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise((resolve) => probe.close(resolve));
}, 60_000);
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  home?.remove();
  home = makeTempDir();
});

const outboxFile = () => join(home.dir, 'data', 'outbox.db');

async function keep(sales: { body: SaveCashSaleBody; target?: string }[]): Promise<void> {
  const outbox = await Outbox.open(outboxFile());
  sales.forEach(({ body, target }, i) =>
    outbox.add({
      idempotencyKey: `00000000-0000-4000-8000-${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(6, '0')}`,
      target: target ?? server.url,
      body,
      createdAt: 1_000 + i,
      reason: 'service unreachable',
    }),
  );
  outbox.close();
}

const cli = (args: string[], baseUrl = server.url) => runInProcess(['--base-url', baseUrl, '--token', token, ...args], { home: home.dir });
const kept = async () =>
  JSON.parse((await cli(['sale', 'outbox', '--format', 'json'])).stdout) as { outboxId: number; status: string; lastError: string | null; issuedTo: string }[];
const salesWithRef = (ref: string) => server.store.sqlite.prepare('select count(*) as n from cash_sales where ref_no = ?').get(ref) as { n: number };

describe('a sale the service refuses', () => {
  it("stays in the outbox with the service's reasons, and the sales after it are still sent", async () => {
    const [unit] = unitsInStock(server.store, 1, 1, 40);
    await keep([
      { body: saleBody(refs, [unitLine(unit!)], { over: { refNo: 'REF-A', issuedTo: 'Amina' } }) },
      // The same unit again: the service refuses it as sold.
      { body: saleBody(refs, [unitLine(unit!)], { over: { refNo: 'REF-B', issuedTo: 'Baraka' } }) },
      { body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'REF-C', issuedTo: 'Chebet' } }) },
    ]);
    const synced = await cli(['sale', 'sync', '--format', 'json']);
    expect(synced.code).toBe(1);
    expect(JSON.parse(synced.stdout).map((r: { status: string }) => r.status)).toEqual(['sent', 'refused', 'sent']);
    expect(synced.stderr).toMatch(/refused #2, kept in the outbox: .*already sold/);
    expect([salesWithRef('REF-A').n, salesWithRef('REF-B').n, salesWithRef('REF-C').n]).toEqual([1, 0, 1]);

    const left = await kept();
    expect(left).toMatchObject([{ outboxId: 2, status: 'refused', issuedTo: 'Baraka', lastError: expect.stringMatching(/already sold/) }]);
    // The service's words, not the client's wrapping of them.
    expect(left[0]!.lastError).not.toMatch(/POST \/api/);

    const table = await cli(['sale', 'outbox', '--format', 'table']);
    expect(table.stdout).toMatch(/refused/);
    expect(table.stderr).toMatch(/1 sale in .*outbox\.db: 1 refused by the service \(`shopprop sale outbox show 2` gives the reasons/);

    const shown = await cli(['sale', 'outbox', 'show', '2', '--format', 'json']);
    expect(shown.code, shown.stderr).toBe(0);
    const document = JSON.parse(shown.stdout);
    expect(document).toMatchObject({
      outboxId: 2,
      status: 'refused',
      target: server.url,
      sale: { refNo: 'REF-B', issuedTo: 'Baraka', itemIssuesDto: [{ invItemSpecsId: unit!.id }] },
    });
    expect(document.reasons.length).toBeGreaterThan(0);
    expect(document.reasons.join(' ')).toMatch(/already sold/);

    const text = await cli(['sale', 'outbox', 'show', '2', '--format', 'table']);
    expect(text.stdout).toMatch(/Kept sale #2: refused by the service/);
    expect(text.stdout).toMatch(/The service refused it:\n {2}- .*already sold/);
    expect(text.stdout).toContain('Baraka');
    expect(text.stdout).toContain(unit!.name);
  }, 30_000);

  it('a service that cannot be reached keeps the sale waiting, not refused', async () => {
    await keep([{ body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'REF-W' } }), target: deadUrl }]);
    const synced = await cli(['sale', 'sync'], deadUrl);
    expect(synced.code).toBe(5);
    expect(await kept()).toMatchObject([{ outboxId: 1, status: 'waiting', lastError: expect.stringMatching(/connection refused|ECONNREFUSED/) }]);
  }, 30_000);
});

describe('sale outbox show', () => {
  it('shows the lines, totals and payments of a waiting sale', async () => {
    const body = saleBody(refs, [accessoryLine(refs, 2)], { over: { refNo: 'SHOW-1', issuedTo: 'Wanjiru' } });
    await keep([{ body }]);
    const text = await cli(['sale', 'outbox', 'show', '1', '--format', 'table']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Kept sale #1: waiting to be sent/);
    expect(text.stdout).toContain('Wanjiru');
    expect(text.stdout).toContain(refs.accessory.name);
    expect(text.stdout).toMatch(/Not sent yet: service unreachable/);
    const csv = await cli(['sale', 'outbox', 'show', '1', '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('item,itemProductId,invItemSpecsId,qty,buyingPrice,unitCost,discount,taxRate,taxAmount,lineTotal');
    expect(csv.stdout.split('\r\n')[1]).toMatch(new RegExp(`^${refs.accessory.name},${refs.accessory.id},,2,`));
  });

  it('an unknown number is "not found" (exit 3) naming the outbox', async () => {
    const result = await cli(['sale', 'outbox', 'show', '7']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/no sale #7 in the outbox/);
  });
});

describe('sale outbox delete', () => {
  it('without --yes and no one to ask: refused (exit 2), nothing deleted; with --yes: deleted', async () => {
    await keep([{ body: saleBody(refs, [accessoryLine(refs)], { over: { issuedTo: 'Otieno' } }) }]);
    const unasked = await cli(['sale', 'outbox', 'delete', '1']);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toMatch(/needs confirmation: add --yes \(nothing was deleted\)/);
    expect(await kept()).toHaveLength(1);

    const deleted = await cli(['sale', 'outbox', 'delete', '1', '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stderr).toMatch(/deleted sale #1 to Otieno/);
    expect(await kept()).toEqual([]);
  });

  it('waits for no sync: a sync holding the lock makes it refuse, and the sale stays', async () => {
    await keep([{ body: saleBody(refs, [accessoryLine(refs)]) }]);
    const holder = await Outbox.open(outboxFile());
    expect(holder.acquireSyncLock(1).acquired).toBe(true);
    try {
      const result = await cli(['sale', 'outbox', 'delete', '1', '--yes']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/another sync is running/);
    } finally {
      holder.close();
    }
    expect(await kept()).toHaveLength(1);
  });
});

describe('sale outbox send', () => {
  it("--to PROFILE delivers a sale kept for a service that is gone to that profile's service, once", async () => {
    await keep([{ body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'MOVED-1' } }), target: deadUrl }]);
    for (const [key, value] of [
      ['baseUrl', server.url],
      ['token', token],
    ]) {
      const set = await runInProcess(['--profile', 'head-office', 'config', 'set', key!, value!], { home: home.dir });
      expect(set.code, set.stderr).toBe(0);
    }
    // This run points at the dead service; the sale goes to head-office's.
    const sent = await cli(['sale', 'outbox', 'send', '1', '--to', 'head-office', '--format', 'json'], deadUrl);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stderr).toContain(`sending #1 to profile head-office (${server.url}); it was kept for ${deadUrl}`);
    expect(JSON.parse(sent.stdout)).toMatchObject([{ outboxId: 1, status: 'sent', receiptNo: expect.stringMatching(/^R\d{6}$/) }]);
    expect(salesWithRef('MOVED-1').n).toBe(1);
    expect(await kept()).toEqual([]);
  });

  it('refused: stays with the reasons (exit 2); unreachable: stays waiting (exit 5)', async () => {
    const [unit] = unitsInStock(server.store, 1, 1, 41);
    const sold = await server.request('POST', '/api/inventorycashsale/save', {
      token,
      body: saleBody(refs, [unitLine(unit!)], { over: { refNo: 'SOLD-FIRST' } }),
    });
    expect(sold.status).toBe(200);
    await keep([
      { body: saleBody(refs, [unitLine(unit!)], { over: { refNo: 'SOLD-AGAIN' } }) },
      { body: saleBody(refs, [accessoryLine(refs)]), target: deadUrl },
    ]);

    const refused = await cli(['sale', 'outbox', 'send', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refused #1, kept in the outbox with the reasons: .*already sold/);
    const unreachable = await cli(['sale', 'outbox', 'send', '2'], deadUrl);
    expect(unreachable.code).toBe(5);
    expect(await kept()).toMatchObject([
      { outboxId: 1, status: 'refused' },
      { outboxId: 2, status: 'waiting' },
    ]);
    expect(salesWithRef('SOLD-AGAIN').n).toBe(0);
  });
});
