/**
 * Which calls are retried, on what, how often and after how long; attempts are counted on a
 * real server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/errors.js';
import { backoffDelay, isRepeatable, retryAfterMs, type RetryInfo } from '../../src/client/retry.js';
import { clientFor, noWait } from './client-setup.js';
import { saleBody } from './fixtures.js';
import { closedPort, json, startServer, type TestServer } from './http-fixture.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
});

/** Answers with the given statuses in turn, then 200 with the body. */
function answers(statuses: number[], ok: unknown, headers: Record<string, string> = {}): void {
  let i = 0;
  server.handle((_req, res) => {
    const status = statuses[i++];
    if (status === undefined) json(res, 200, ok);
    else json(res, status, { success: 'false', message: `status ${status}`, code: 'X' }, headers);
  });
}

const SAVED = { success: 'true', message: 'saved' };
const EMPTY = { count: 0, list: [] };

async function run<T>(call: (client: ReturnType<typeof clientFor>) => Promise<T>, onRetry?: (info: RetryInfo) => void, sleeps: number[] = []) {
  const client = clientFor(server.url, {
    retry: {
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onRetry,
    },
  });
  try {
    return await call(client).then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error: error as ApiError }),
    );
  } finally {
    await client.close();
  }
}

describe('what is retried', () => {
  it('a GET after 503, then succeeds', async () => {
    answers([503], EMPTY);
    const { value } = await run((c) => c.listCashSales({ companyId: 1 }));
    expect(value).toEqual(EMPTY);
    expect(server.seen).toHaveLength(2);
  });

  it.each([502, 503, 504, 429])('a GET after %i', async (status) => {
    answers([status, status], EMPTY);
    expect((await run((c) => c.statements({ companyId: 1, landlordId: 2, paidPosted: 'ALL' }))).value).toEqual(EMPTY);
    expect(server.seen).toHaveLength(3);
  });

  it('gives up after three attempts with the last failure', async () => {
    answers([503, 503, 503, 503], EMPTY);
    const retries: RetryInfo[] = [];
    const { error } = await run(
      (c) => c.listCashSales({ companyId: 1 }),
      (info) => retries.push(info),
    );
    expect(error?.kind).toBe('unavailable');
    expect(error?.status).toBe(503);
    expect(server.seen).toHaveLength(3);
    expect(retries.map((r) => r.attempt)).toEqual([2, 3]);
  });

  it('a POST carrying an Idempotency-Key, with the same key each time', async () => {
    answers([503, 502], SAVED);
    const { value } = await run((c) => c.saveCashSale(saleBody(), { idempotencyKey: 'sale-7' }));
    expect(value).toEqual(SAVED);
    expect(server.seen).toHaveLength(3);
    expect(server.seen.map((r) => r.headers['idempotency-key'])).toEqual(['sale-7', 'sale-7', 'sale-7']);
    expect(new Set(server.seen.map((r) => r.body)).size).toBe(1);
  });

  it('never a POST without a key', async () => {
    answers([503], SAVED);
    const { error } = await run((c) => c.saveCashSale(saleBody()));
    expect(error?.kind).toBe('unavailable');
    expect(server.seen).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 405, 500])('never after %i', async (status) => {
    answers([status], EMPTY);
    const { error } = await run((c) => c.listCashSales({ companyId: 1 }));
    expect(error?.status).toBe(status);
    expect(server.seen).toHaveLength(1);
  });

  it('a keyed POST is not retried after 500 or 405 either', async () => {
    answers([405], SAVED);
    expect((await run((c) => c.saveCashSale(saleBody(), { idempotencyKey: 'k' }))).error?.kind).toBe('invalidInput');
    expect(server.seen).toHaveLength(1);
  });

  it('a GET after a refused connection; a POST without a key is tried once', async () => {
    const port = await closedPort();
    const client = (retry: RetryInfo[]) => clientFor(`http://127.0.0.1:${port}`, { retry: { sleep: noWait, onRetry: (info) => retry.push(info) } });
    const getRetries: RetryInfo[] = [];
    const get = client(getRetries);
    await expect(get.listCashSales({ companyId: 1 })).rejects.toMatchObject({ kind: 'network' });
    await get.close();
    expect(getRetries).toHaveLength(2);
    expect(getRetries[0]!.reason).toMatch(/connection refused/);

    const postRetries: RetryInfo[] = [];
    const post = client(postRetries);
    await expect(post.saveCashSale(saleBody())).rejects.toMatchObject({ kind: 'network' });
    await post.close();
    expect(postRetries).toHaveLength(0);
  });

  it('a GET that timed out', async () => {
    let calls = 0;
    server.handle((_req, res) => {
      if (++calls > 1) json(res, 200, EMPTY);
    });
    const client = clientFor(server.url, { retry: { sleep: noWait } }, { readTimeoutMs: 100 });
    try {
      expect(await client.listCashSales({ companyId: 1 })).toEqual(EMPTY);
    } finally {
      await client.close();
    }
    expect(server.seen).toHaveLength(2);
  });
});

describe('how long between attempts', () => {
  it('backs off exponentially with jitter', async () => {
    answers([503, 503], EMPTY);
    const sleeps: number[] = [];
    await run((c) => c.listCashSales({ companyId: 1 }), undefined, sleeps);
    // random 0.5: three quarters of 200, then of 400
    expect(sleeps).toEqual([150, 300]);
  });

  it('waits as long as Retry-After says', async () => {
    answers([503], EMPTY, { 'retry-after': '2' });
    const sleeps: number[] = [];
    await run((c) => c.listCashSales({ companyId: 1 }), undefined, sleeps);
    expect(sleeps).toEqual([2000]);
    expect(server.seen).toHaveLength(2);
  });

  it('does not wait for a Retry-After beyond the limit: the answer stands', async () => {
    answers([429], EMPTY, { 'retry-after': '3600' });
    const { error } = await run((c) => c.listCashSales({ companyId: 1 }));
    expect(error?.kind).toBe('unavailable');
    expect(server.seen).toHaveLength(1);
  });

  it("a wait that would pass the whole call's deadline is not made: the answer stands", async () => {
    answers([503], EMPTY, { 'retry-after': '2' });
    const sleeps: number[] = [];
    const client = clientFor(server.url, { retry: { sleep: async (ms) => void sleeps.push(ms) } }, { deadlineMs: 1_000 });
    const error = await client.listCashSales({ companyId: 1 }).catch((e: unknown) => e as ApiError);
    await client.close();
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(sleeps).toEqual([]);
    expect(server.seen).toHaveLength(1);
  });

  it("every attempt together takes no longer than the deadline (--timeout is the whole call's)", async () => {
    // The first attempt is answered 503 at once; the next never is.
    server.handle((_req, res) => {
      if (server.seen.length === 1) json(res, 503, { success: 'false', message: 'busy', code: 'X' });
    });
    const client = clientFor(server.url, { retry: { sleep: noWait, random: () => 0.5 } }, { deadlineMs: 600 });
    const started = performance.now();
    const error = await client.listCashSales({ companyId: 1 }).catch((e: unknown) => e as ApiError);
    const elapsed = performance.now() - started;
    await client.close();
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as ApiError).message).toMatch(/no complete answer from 127\.0\.0\.1:\d+ within 600ms \(--timeout\)/);
    // The deadline was waited out (a lower bound, which load cannot break), and within it only two
    // attempts: per attempt, the second and a third would each have had 600 ms of their own.
    expect(elapsed).toBeGreaterThanOrEqual(590);
    expect(server.seen).toHaveLength(2);
  });

  it('backoffDelay stays between half and all of a step that doubles up to the cap', () => {
    expect(backoffDelay(1, { random: () => 0 })).toBe(100);
    expect(backoffDelay(1, { random: () => 0.999999 })).toBe(200);
    expect(backoffDelay(3, { random: () => 0 })).toBe(400);
    expect(backoffDelay(10, { random: () => 0.999999 })).toBe(2000);
    expect(backoffDelay(2, { baseDelayMs: 50, maxDelayMs: 60, random: () => 0 })).toBe(30);
  });

  it('retryAfterMs reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('isRepeatable: GETs and keyed POSTs only, the header name in any case', () => {
    expect(isRepeatable({ method: 'GET' })).toBe(true);
    expect(isRepeatable({ method: 'POST' })).toBe(false);
    expect(isRepeatable({ method: 'POST', headers: { 'IDEMPOTENCY-KEY': 'k' } })).toBe(true);
    expect(isRepeatable({ method: 'POST', headers: { 'Idempotency-Key': ' ' } })).toBe(false);
  });
});
