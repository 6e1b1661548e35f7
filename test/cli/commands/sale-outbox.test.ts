/**
 * The offline outbox, in-process against the real server on 127.0.0.1 (its store a real SQLite
 * file): a sale made while the server is down is kept and exit 0; `sale sync` delivers it exactly
 * once when the server is back; and a server that dies after committing a sale, before or during
 * a sync, neither loses nor doubles it. A sync killed half-way needs a real process:
 * test/e2e/sale-outbox.test.ts.
 */
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { SaveCashSaleBody } from '../../../src/contract/cash-sale.js';
import { seedDemo } from '../../../src/store/sqlite/demo/seed-demo.js';
import { buildApp } from '../../../src/server/app.js';
import { createToken } from '../../helpers/sqlite-token.js';
import { openStore, type Store } from '../../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../../src/store/sqlite/sqlite-shop-store.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { TEST_NOW } from '../../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody } from '../../helpers/sale-fixtures.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
let store: Store;
let token: string;
let refs: ReturnType<typeof companyRefs>;

beforeAll(async () => {
  store = await openStore(join(temp.dir, 'shop.db'));
  await seedDemo(store, { now: TEST_NOW });
  token = createToken(store, { companyId: 1, role: 'cashier', name: 'Till 1' }).token;
  refs = companyRefs(store, 1);
}, 60_000);
afterAll(async () => {
  await store.close();
  temp.remove();
});

interface ServerListening {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The server on the store, listening on 127.0.0.1 (a free port unless one is named) until it is stopped or the test ends. */
async function startServer(port = 0): Promise<ServerListening> {
  const app: FastifyInstance = await buildApp({ store: sqliteShopStore(store) });
  const url = await app.listen({ host: '127.0.0.1', port });
  let stopped = false;
  const server = {
    url,
    port: Number(new URL(url).port),
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
    },
  };
  onTestFinished(() => server.stop());
  return server;
}

/** A fresh user home: its own config and its own outbox. */
function newHome(): string {
  return mkdtempSync(join(temp.dir, 'home-'));
}

function cli(home: string, baseUrl: string, args: string[], input?: string) {
  return runInProcess(['--base-url', baseUrl, '--token', token, ...args], { home, input });
}

function sale(refNo: string): SaveCashSaleBody {
  return saleBody(refs, [accessoryLine(refs, 1)], { over: { refNo } });
}

function salesWithRef(pattern: string): { ref_no: string; n: number; receipt_no: string }[] {
  return store.sqlite
    .prepare('select ref_no, count(*) as n, max(receipt_no) as receipt_no from cash_sales where ref_no like ? group by ref_no order by ref_no')
    .all(pattern) as never;
}

describe('a sale made while the server is down', () => {
  it('is kept in the outbox (exit 0) and delivered exactly once by sale sync when the server is back', async () => {
    const home = newHome();
    const first = await startServer();
    const { url, port } = first;
    await first.stop();

    const saved = await cli(home, url, ['sale', 'save', '--file', '-'], JSON.stringify(sale('OFF-1')));
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toMatch(/not saved now: .*connection refused/);
    expect(saved.stderr).toMatch(/kept in the offline outbox \(#1, .*outbox\.db\)/);
    const queued = JSON.parse(saved.stdout);
    expect(queued).toMatchObject({ status: 'queued', outboxId: 1, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const listed = await cli(home, url, ['sale', 'outbox']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { outboxId: 1, issuedTo: 'Test customer', totalAmount: 1850, attempts: 1, target: url, idempotencyKey: queued.idempotencyKey },
    ]);

    // Still down: sync stops at once, keeps the sale and says so (exit 5).
    const early = await cli(home, url, ['sale', 'sync']);
    expect(early.code).toBe(5);
    expect(early.stderr).toMatch(/0 sent, 1 still in the outbox/);

    await startServer(port);
    const synced = await cli(home, url, ['sale', 'sync']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stderr).toMatch(/sent #1: receipt R\d{6}, sale \d+/);
    expect(synced.stderr).toMatch(/1 sent, 0 still in the outbox/);
    expect(JSON.parse(synced.stdout)).toMatchObject([{ outboxId: 1, status: 'sent', receiptNo: expect.stringMatching(/^R\d{6}$/) }]);
    expect(salesWithRef('OFF-1')).toMatchObject([{ ref_no: 'OFF-1', n: 1 }]);

    const again = await cli(home, url, ['sale', 'sync']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/the outbox is empty/);
    expect(JSON.parse((await cli(home, url, ['sale', 'outbox'])).stdout)).toEqual([]);
    expect(salesWithRef('OFF-1')).toMatchObject([{ n: 1 }]);
  }, 60_000);
});

/**
 * In front of the real server: passes requests on, or forwards a save and then drops the
 * connection before the client hears the answer and goes dark, as a server that dies right
 * after committing would.
 */
class FlakyProxy {
  mode: 'pass' | 'commit-then-die' | 'down' = 'pass';
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  url = '';

  constructor(private readonly upstream: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      if (this.mode === 'down') return req.socket.destroy();
      const target = new URL(req.url!, this.upstream);
      const forward = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
        if (this.mode === 'commit-then-die' && req.method === 'POST') {
          answer.resume();
          answer.on('end', () => {
            this.mode = 'down';
            req.socket.destroy();
          });
          return;
        }
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
  }
}

/** The server with a FlakyProxy in front of it, both closed when the test ends. */
async function serverBehindProxy(): Promise<FlakyProxy> {
  const server = await startServer();
  const proxy = new FlakyProxy(server.url);
  await proxy.start();
  onTestFinished(() => proxy.close());
  return proxy;
}

describe('an interrupted delivery', () => {
  it('a server that dies after committing the save: the sale is kept, and sync gets the first result back, not a second sale', async () => {
    const proxy = await serverBehindProxy();
    const home = newHome();
    proxy.mode = 'commit-then-die';
    const saved = await cli(home, proxy.url, ['sale', 'save', '--file', '-'], JSON.stringify(sale('DIE-1')));
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toMatch(/kept in the offline outbox/);
    // The server did record it, once.
    const [recorded] = salesWithRef('DIE-1');
    expect(recorded).toMatchObject({ n: 1 });

    proxy.mode = 'pass';
    const synced = await cli(home, proxy.url, ['sale', 'sync']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(JSON.parse(synced.stdout)).toMatchObject([{ status: 'sent', receiptNo: recorded!.receipt_no }]);
    expect(salesWithRef('DIE-1')).toMatchObject([{ n: 1, receipt_no: recorded!.receipt_no }]);
  }, 60_000);

  it('a server that dies after committing during a sync: the sync stops, and the next one neither loses nor doubles', async () => {
    const proxy = await serverBehindProxy();
    const home = newHome();
    proxy.mode = 'down';
    for (const ref of ['SYNCDIE-1', 'SYNCDIE-2']) {
      const saved = await cli(home, proxy.url, ['sale', 'save', '--file', '-'], JSON.stringify(sale(ref)));
      expect(saved.code, saved.stderr).toBe(0);
    }
    expect(salesWithRef('SYNCDIE-%')).toEqual([]);

    proxy.mode = 'commit-then-die';
    const cut = await cli(home, proxy.url, ['sale', 'sync']);
    expect(cut.code).toBe(5);
    expect(salesWithRef('SYNCDIE-%')).toMatchObject([{ ref_no: 'SYNCDIE-1', n: 1 }]);
    expect(JSON.parse((await cli(home, proxy.url, ['sale', 'outbox'])).stdout)).toHaveLength(2);

    proxy.mode = 'pass';
    const synced = await cli(home, proxy.url, ['sale', 'sync']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(salesWithRef('SYNCDIE-%')).toMatchObject([
      { ref_no: 'SYNCDIE-1', n: 1 },
      { ref_no: 'SYNCDIE-2', n: 1 },
    ]);
  }, 60_000);
});
