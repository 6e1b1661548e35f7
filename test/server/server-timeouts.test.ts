/**
 * A peer that stalls is let go in bounded time (408 or close), and a shutdown finishes what is
 * in flight, then stops within its grace whatever clients still hold open. Raw sockets on
 * 127.0.0.1 play the stalling peers.
 */
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { createToken } from '../helpers/sqlite-token.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const TIMEOUTS = { headersMs: 600, requestMs: 1200, idleMs: 3000, keepAliveMs: 500, shutdownGraceMs: 1500 };
/** Node checks request timeouts on a period: allow it, and a loaded machine, on top. */
const SLACK_MS = 1500;

const temp = makeTempDir();
const dbFile = join(temp.dir, 'timeouts.db');
let token: string;
let refs: CompanyRefs;

beforeAll(async () => {
  const seeding = await openStore(dbFile);
  await seedDemo(seeding, { now: TEST_NOW });
  refs = companyRefs(seeding, 1);
  token = createToken(seeding, { companyId: 1, role: 'cashier', name: 'till' }).token;
  await seeding.close();
});
afterAll(() => temp.remove());

const start = (timeouts = TIMEOUTS) => startServer({ dbFile, host: '127.0.0.1', port: 0, timeouts });

interface Peer {
  socket: Socket;
  /** Everything the server sent, once it closed the connection; with the time it took. */
  closed: Promise<{ text: string; afterMs: number }>;
}

function peer(url: string, firstBytes = ''): Peer {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  const started = performance.now();
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  const closed = new Promise<{ text: string; afterMs: number }>((resolve) => {
    socket.on('close', () => resolve({ text, afterMs: performance.now() - started }));
    socket.on('error', () => undefined);
  });
  if (firstBytes) socket.write(firstBytes);
  return { socket, closed };
}

/** Resolves once the condition holds (checked every 10 ms); rejects after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

describe('peers that stall', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => server?.close());

  it('a connection that sends nothing is closed', async () => {
    const { closed } = peer(server.url);
    const { text, afterMs } = await closed;
    expect([0, 408]).toContain(statusOf(text));
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
  });

  it('headers that stop half way get 408 and a close', async () => {
    const { closed } = peer(server.url, 'GET /api/inventorycashsale/list?companyId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const { text, afterMs } = await closed;
    expect(statusOf(text)).toBe(408);
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
  });

  it('a body that stalls gets 408 and a close', async () => {
    const { closed } = peer(
      server.url,
      `POST /api/inventorycashsale/save HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"companyId":`,
    );
    const { text, afterMs } = await closed;
    expect(statusOf(text)).toBe(408);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs + SLACK_MS);
  });

  it('a kept-alive connection with no next request is closed', async () => {
    const { closed } = peer(
      server.url,
      `GET /api/inventorycashsale/list?companyId=1&start=0&limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    const { text, afterMs } = await closed;
    expect(statusOf(text)).toBe(200);
    // Node closes an idle kept-alive socket keepAliveTimeoutBuffer (1 s on Node 22 and 24) after
    // the keep-alive time it announces; still before the idle timeout (3 s) would close it.
    const buffer = (server.app.server as { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer ?? 0;
    expect(TIMEOUTS.keepAliveMs + buffer + SLACK_MS).toBeLessThanOrEqual(TIMEOUTS.idleMs);
    expect(afterMs).toBeLessThan(TIMEOUTS.keepAliveMs + buffer + SLACK_MS);
  });
});

describe('shutdown', () => {
  it('finishes a request in flight, refuses new work, and stops within its grace while a peer stalls', async () => {
    // The grace is shorter than the request timeout here: only the grace can end the stalled peer.
    const timeouts = { ...TIMEOUTS, requestMs: 20_000, idleMs: 20_000 };
    const server = await start(timeouts);
    let requestsBegun = 0;
    const bothBegun = new Promise<void>((resolve) =>
      server.app.server.on('request', () => {
        if (++requestsBegun === 2) resolve();
      }),
    );
    const body = JSON.stringify(saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'IN-FLIGHT' } }));
    const cut = 40;
    // In flight: headers and part of a save's body sent; the rest follows after shutdown began.
    const inFlight = peer(
      server.url,
      `POST /api/inventorycashsale/save HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, cut)}`,
    );
    // A peer that stalls in its body and never finishes.
    const stalled = peer(
      server.url,
      `POST /api/inventorycashsale/save HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 900\r\n\r\n{`,
    );
    // Both requests have begun (their headers were read) before shutdown does.
    await bothBegun;
    const began = performance.now();
    const closing = server.close();
    await until(() => !server.app.server.listening, 'the server to stop listening');
    // No new connection is accepted.
    await expect(fetch(new URL('/api/inventorycashsale/list?companyId=1', server.url))).rejects.toThrow();
    inFlight.socket.write(body.slice(cut));
    const finished = await inFlight.closed;
    expect(statusOf(finished.text)).toBe(200);
    expect(finished.text).toContain('"receiptNo"');
    await closing;
    expect(performance.now() - began).toBeLessThan(timeouts.shutdownGraceMs + SLACK_MS);
    expect((await stalled.closed).afterMs).toBeGreaterThanOrEqual(timeouts.shutdownGraceMs);
    const check = await openStore(dbFile);
    try {
      expect((check.sqlite.prepare("select count(*) as n from cash_sales where ref_no = 'IN-FLIGHT'").get() as { n: number }).n).toBe(1);
    } finally {
      await check.close();
    }
  });
});
