/**
 * A peer that stalls is let go (408 or close) by the timeout meant for its stall, and a shutdown
 * finishes what is in flight, then stops at its grace whatever clients still hold open. Raw
 * sockets on 127.0.0.1 play the stalling peers. Nothing here measures a duration: each test sets
 * every timeout but the one it tests far beyond its own run, so only that one can end the peer,
 * and what the peer receives (a 408, nothing, an answer) and the order things happen in say
 * which timeout acted.
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

/** Beyond any test's run (and its 30 s limit): a timeout set to this never acts here. */
const NEVER = 600_000;
const TIMEOUTS = { headersMs: NEVER, requestMs: NEVER, idleMs: NEVER, keepAliveMs: NEVER, shutdownGraceMs: NEVER };

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

/** A server with the given timeouts; every other one never acts. */
const start = (timeouts: Partial<typeof TIMEOUTS>) => startServer({ dbFile, host: '127.0.0.1', port: 0, timeouts: { ...TIMEOUTS, ...timeouts } });

interface Peer {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<{ text: string }>;
  /** Whether the connection has closed yet. */
  isClosed(): boolean;
}

function peer(url: string, firstBytes = ''): Peer {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let text = '';
  let isClosed = false;
  socket.on('data', (chunk) => (text += chunk.toString()));
  const closed = new Promise<{ text: string }>((resolve) => {
    socket.on('close', () => {
      isClosed = true;
      resolve({ text });
    });
    socket.on('error', () => undefined);
  });
  if (firstBytes) socket.write(firstBytes);
  return { socket, closed, isClosed: () => isClosed };
}

/** Resolves once the condition holds, checked at each turn of the event loop (the test's own limit ends a wait that never does). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

describe('peers that stall', () => {
  /** Runs `test` against a server with these timeouts, and checks the server took them. */
  async function withServer(timeouts: Partial<typeof TIMEOUTS>, test: (server: RunningServer) => Promise<void>): Promise<void> {
    const server = await start(timeouts);
    try {
      const http = server.app.server as { headersTimeout: number; requestTimeout: number; keepAliveTimeout: number; timeout: number };
      const applied = { ...TIMEOUTS, ...timeouts };
      expect({ headers: http.headersTimeout, request: http.requestTimeout, keepAlive: http.keepAliveTimeout, idle: http.timeout }).toEqual({
        headers: applied.headersMs,
        request: applied.requestMs,
        keepAlive: applied.keepAliveMs,
        idle: applied.idleMs,
      });
      await test(server);
    } finally {
      await server.close();
    }
  }

  it('a connection that sends nothing is closed by the headers timeout', () =>
    withServer({ headersMs: 600 }, async (server) => {
      const { text } = await peer(server.url).closed;
      expect([0, 408]).toContain(statusOf(text));
    }));

  it('headers that stop half way get 408 and a close from the headers timeout', () =>
    withServer({ headersMs: 600 }, async (server) => {
      const { text } = await peer(server.url, 'GET /api/inventorycashsale/list?companyId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n').closed;
      expect(statusOf(text)).toBe(408);
    }));

  it('a body that stalls gets 408 and a close from the request timeout', () =>
    withServer({ headersMs: 600, requestMs: 1200 }, async (server) => {
      const { text } = await peer(
        server.url,
        `POST /api/inventorycashsale/save HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"companyId":`,
      ).closed;
      expect(statusOf(text)).toBe(408);
    }));

  it('a kept-alive connection with no next request is closed by the keep-alive timeout', () =>
    withServer({ keepAliveMs: 500 }, async (server) => {
      const { text } = await peer(
        server.url,
        `GET /api/inventorycashsale/list?companyId=1&start=0&limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      ).closed;
      // One answer, on a connection the server said it keeps alive, then the close.
      expect(statusOf(text)).toBe(200);
      expect(text).toMatch(/\r\nConnection: keep-alive\r\n/i);
      expect(text.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    }));
});

describe('shutdown', () => {
  it('finishes a request in flight, refuses new work, and stops within its grace while a peer stalls', async () => {
    // Only the grace can end the stalled peer: every other timeout never acts here.
    const server = await start({ shutdownGraceMs: 1500 });
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
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await until(() => !server.app.server.listening);
    // No new connection is accepted.
    await expect(fetch(new URL('/api/inventorycashsale/list?companyId=1', server.url))).rejects.toThrow();
    inFlight.socket.write(body.slice(cut));
    const finished = await inFlight.closed;
    expect(statusOf(finished.text)).toBe(200);
    expect(finished.text).toContain('"receiptNo"');
    // The request in flight was finished while the stalled peer was still held and the server
    // had not stopped: shutdown waits for its grace, it does not cut everything at once.
    expect({ stalledClosed: stalled.isClosed(), serverStopped: closed }).toEqual({ stalledClosed: false, serverStopped: false });
    await closing;
    // Stopped with the stalled peer cut: closed without an answer (a timeout would have sent 408).
    expect((await stalled.closed).text).toBe('');
    const check = await openStore(dbFile);
    try {
      expect((check.sqlite.prepare("select count(*) as n from cash_sales where ref_no = 'IN-FLIGHT'").get() as { n: number }).n).toBe(1);
    } finally {
      await check.close();
    }
  });
});
