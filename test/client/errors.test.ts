/**
 * How failures reach the user: the kind of each HTTP status and wire failure, the exit code
 * the CLI returns for it, and a message of one line that says what to do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, kindForStatus, readErrorBody, UsageError, type ApiErrorKind } from '../../src/client/errors.js';
import { clientFor } from './client-setup.js';
import { saleBody } from './fixtures.js';
import { errorExit } from '../../src/cli/error-exit.js';
import { closedPort, json, startServer, type TestServer } from './http-fixture.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function failure(run: (c: ReturnType<typeof clientFor>) => Promise<unknown>, baseUrl = server.url): Promise<ApiError> {
  const client = clientFor(baseUrl, { retry: { attempts: 1 } });
  try {
    const error = await run(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  } finally {
    await client.close();
  }
}

const statuses: [status: number, kind: ApiErrorKind, exit: number, fix: RegExp][] = [
  [400, 'badRequest', 2, /check the parameters/],
  [401, 'auth', 4, /set a token with `shopprop config set token …` or SHOPPROP_TOKEN/],
  [403, 'forbidden', 4, /company or role/],
  [404, 'notFound', 3, /check the id/],
  [405, 'invalidInput', 2, /correct the field/],
  [500, 'server', 6, /retry later, or see its log/],
  [502, 'unavailable', 5, /retry later/],
  [503, 'unavailable', 5, /retry later/],
  [504, 'unavailable', 5, /retry later/],
];

describe('an answer with a failure status', () => {
  it.each(statuses)('HTTP %i is %s, exit %i, with its fix', async (status, kind, exit, fix) => {
    server.handle((_req, res) => json(res, status, { success: 'false', message: `the reason ${status}`, code: 'SOME_CODE' }));
    const error = await failure((c) => c.listCashSales({ companyId: 1 }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.code).toBe('SOME_CODE');
    expect(error.serverMessage).toBe(`the reason ${status}`);
    expect(error.method).toBe('GET');
    expect(error.path).toBe('/api/inventorycashsale/list');
    expect(error.message).toMatch(new RegExp(`^cash sale list \\(GET /api/inventorycashsale/list\\) failed: HTTP ${status} the reason ${status}; `));
    expect(error.message).toMatch(fix);
    expect(error.message).not.toContain('\n');
    expect(errorExit(error).exitCode).toBe(exit);
  });

  it('the save names the field the server refused (405)', async () => {
    server.handle((_req, res) => json(res, 405, { success: 'false', message: 'totalAmount: expected 1160.00, got 1100.00', code: 'INVALID_INPUT' }));
    const error = await failure((c) => c.saveCashSale(saleBody(), { idempotencyKey: 'k' }));
    expect(error.kind).toBe('invalidInput');
    expect(error.message).toContain('cash sale save (POST /api/inventorycashsale/save) failed: HTTP 405 totalAmount: expected 1160.00');
    expect(errorExit(error).exitCode).toBe(2);
  });

  it('tolerates a web page for a body, using its title', async () => {
    server.handle((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><head><title>502 Bad Gateway</title></head>\n<body><h1>Bad Gateway</h1></body></html>');
    });
    const error = await failure((c) => c.listCashSales({ companyId: 1 }));
    expect(error.kind).toBe('unavailable');
    expect(error.serverMessage).toBe('502 Bad Gateway');
    expect(error.message).toContain('HTTP 502 502 Bad Gateway');
  });

  it('tolerates plain text over several lines, and an empty body', async () => {
    server.handle((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('something\nbroke\n  badly');
    });
    const text = await failure((c) => c.listCashSales({ companyId: 1 }));
    expect(text.message).toContain('HTTP 500 something broke badly;');
    server.handle((_req, res) => {
      res.writeHead(401);
      res.end();
    });
    const empty = await failure((c) => c.listCashSales({ companyId: 1 }));
    expect(empty.message).toBe(
      'cash sale list (GET /api/inventorycashsale/list) failed: HTTP 401; sign in with `shopprop login`, or set a token with `shopprop config set token …` or SHOPPROP_TOKEN',
    );
  });

  it('a 2xx whose body says success "false" is a refusal', async () => {
    server.handle((_req, res) => json(res, 200, { success: 'false', message: 'Stock exhausted for IMEI 3569' }));
    const error = await failure((c) => c.saveCashSale(saleBody()));
    expect(error.kind).toBe('invalidInput');
    expect(error.message).toContain('HTTP 200 Stock exhausted for IMEI 3569');
    server.handle((_req, res) => json(res, 200, { success: 'false', message: 'no such statement', code: 'NOT_FOUND' }));
    expect((await failure((c) => c.statementPdf({ statementId: 4 }))).kind).toBe('notFound');
  });

  it('a 2xx that is not JSON is an invalid response (exit 6)', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Welcome to nginx</html>');
    });
    const error = await failure((c) => c.listCashSales({ companyId: 1 }));
    expect(error.kind).toBe('invalidResponse');
    expect(error.message).toContain('the reply is not JSON (text/html: "<html>Welcome to nginx</html>")');
    expect(error.message).toContain('check the base URL points at the service');
    expect(errorExit(error).exitCode).toBe(6);
  });
});

describe('no answer', () => {
  it('connection refused is a network failure (exit 5) that says to check the base URL', async () => {
    const port = await closedPort();
    const error = await failure((c) => c.listCashSales({ companyId: 1 }), `http://127.0.0.1:${port}`);
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      `cash sale list (GET /api/inventorycashsale/list) failed: connection refused (127.0.0.1:${port}); check the base URL / that the server is running`,
    );
    expect(errorExit(error).exitCode).toBe(5);
  });

  it('an unknown host is a network failure', async () => {
    const error = await failure((c) => c.listCashSales({ companyId: 1 }), 'http://no-such-host.invalid');
    expect(error.kind).toBe('network');
    expect(errorExit(error).exitCode).toBe(5);
  });
});

describe('exit code of a client failure', () => {
  it('maps every kind, usage errors and anything else', () => {
    const exits: Record<ApiErrorKind, number> = {
      badRequest: 2,
      invalidInput: 2,
      conflict: 2,
      notFound: 3,
      auth: 4,
      forbidden: 4,
      network: 5,
      unavailable: 5,
      busy: 5,
      tooManyRequests: 5,
      timeout: 5,
      storageFull: 6,
      server: 6,
      invalidResponse: 6,
    };
    for (const [kind, exit] of Object.entries(exits)) {
      expect(errorExit(new ApiError({ kind: kind as ApiErrorKind, method: 'GET', path: '/x' })).exitCode).toBe(exit);
    }
    expect(errorExit(new UsageError('bad flag')).exitCode).toBe(2);
    expect(errorExit(new Error('disk full')).exitCode).toBe(1);
    expect(errorExit('weird').exitCode).toBe(1);
  });

  it('maps statuses outside the table to the nearest kind', () => {
    expect(kindForStatus(408)).toBe('timeout');
    expect(kindForStatus(413)).toBe('badRequest');
    expect(kindForStatus(429)).toBe('unavailable');
    expect(kindForStatus(501)).toBe('server');
    expect(kindForStatus(302)).toBe('invalidResponse');
  });

  it('reads the contract error body, and an `error` field where message is absent', () => {
    expect(readErrorBody(Buffer.from('{"success":"false","message":"m","code":"C"}'), 'application/json')).toEqual({ code: 'C', message: 'm' });
    expect(readErrorBody(Buffer.from('{"error":"Unauthorized"}'), 'application/json')).toEqual({ code: undefined, message: 'Unauthorized' });
  });

  it('keeps a long server message to one bounded line', () => {
    const error = new ApiError({ kind: 'server', method: 'GET', path: '/x', status: 500, serverMessage: 'x\n'.repeat(1000) });
    expect(error.message).not.toContain('\n');
    expect(error.message.length).toBeLessThan(400);
  });
});
