/**
 * The undici transport against a real server: URLs, bodies, keep-alive, timeouts, wire
 * failures and the trace with its secrets redacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/errors.js';
import { buildUrl, createHttpTransport } from '../../src/client/http-transport.js';
import { clientFor } from './client-setup.js';
import { errorExit } from '../../src/cli/error-exit.js';
import { closedPort, json, startServer, type TestServer } from './http-fixture.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('buildUrl', () => {
  it('joins base URL, path prefix, path and query, skipping absent values', () => {
    const base = new URL('https://erp.example.com/shop/');
    expect(buildUrl(base, '/api/x', { a: 1, b: undefined, c: 'two words', d: true }).href).toBe('https://erp.example.com/shop/api/x?a=1&c=two+words&d=true');
    expect(buildUrl(new URL('http://h:8080'), '/api/x').href).toBe('http://h:8080/api/x');
    expect(buildUrl(new URL('http://h:8080'), 'api/x?z=1', { a: 2 }).href).toBe('http://h:8080/api/x?z=1&a=2');
  });
});

describe('createHttpTransport', () => {
  it('sends JSON bodies and returns status, headers and the body as bytes', async () => {
    server.handle((req, res) => json(res, 201, { echo: JSON.parse(req.body) as unknown }, { 'x-thing': 'yes' }));
    const transport = createHttpTransport({ baseUrl: server.url });
    try {
      const response = await transport.request({ method: 'POST', path: '/echo', body: { a: [1, 'é'] }, headers: { 'X-Custom': 'v' } });
      expect(response.status).toBe(201);
      expect(response.headers['x-thing']).toBe('yes');
      expect(Buffer.isBuffer(response.body)).toBe(true);
      expect(JSON.parse(response.body.toString('utf8'))).toEqual({ echo: { a: [1, 'é'] } });
      const seen = server.seen.at(-1)!;
      expect(seen.headers['content-type']).toBe('application/json');
      expect(seen.headers['x-custom']).toBe('v');
      expect(transport.description).toBe(server.url);
    } finally {
      await transport.close();
    }
  });

  it('keeps the connection alive between requests', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const transport = createHttpTransport({ baseUrl: server.url });
    try {
      for (let i = 0; i < 6; i++) await transport.request({ method: 'GET', path: `/${i}` });
      // undici may open a second socket, but six requests never take six connections.
      const ports = new Set(server.seen.slice(-6).map((request) => request.remotePort));
      expect(ports.size).toBeLessThanOrEqual(2);
    } finally {
      await transport.close();
    }
  });

  it.concurrent('gives up on a server that never answers, as a timeout (exit 5)', async () => {
    server.handle(() => undefined);
    const transport = createHttpTransport({ baseUrl: server.url, readTimeoutMs: 150 });
    try {
      // A read timeout that is not applied would wait for undici's own (minutes): the test's limit catches it.
      const error = await transport.request({ method: 'GET', path: '/slow' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('timeout');
      expect((error as ApiError).message).toContain(`no answer from 127.0.0.1:${server.port} within 150ms`);
      expect(errorExit(error).exitCode).toBe(5);
    } finally {
      await transport.close();
    }
  }, 10_000);

  it.concurrent('lets a request set its own timeout', async () => {
    server.handle(() => undefined);
    const transport = createHttpTransport({ baseUrl: server.url, readTimeoutMs: 30_000 });
    try {
      const error = (await transport.request({ method: 'GET', path: '/slow', timeoutMs: 100 }).catch((e: unknown) => e)) as ApiError;
      expect(error.kind).toBe('timeout');
    } finally {
      await transport.close();
    }
  });

  it('reports a refused connection as a network failure', async () => {
    const port = await closedPort();
    const transport = createHttpTransport({ baseUrl: `http://127.0.0.1:${port}` });
    try {
      const error = (await transport.request({ method: 'GET', path: '/x', query: { a: 1 } }).catch((e: unknown) => e)) as ApiError;
      expect(error.kind).toBe('network');
      expect(error.path).toBe('/x');
      expect(error.serverMessage).toBe(`connection refused (127.0.0.1:${port})`);
    } finally {
      await transport.close();
    }
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => createHttpTransport({ baseUrl: 'localhost:8080' })).toThrow(/must start with http:\/\/ or https:\/\//);
    expect(() => createHttpTransport({ baseUrl: 'not a url' })).toThrow(/is not a URL/);
  });
});

describe('trace', () => {
  it('logs each request and response with the token and signatures redacted', async () => {
    server.handle((_req, res) => json(res, 200, { count: 0, list: [] }));
    const lines: string[] = [];
    const client = clientFor(server.url, { token: 'very-secret-token' }, { trace: (line) => lines.push(line) });
    try {
      await client.listReceiptSpecs({ companyId: 3 });
      await client.fetchDocument(`${server.url}/doc?statementId=1&signature=abcdef`).catch(() => undefined);
    } finally {
      await client.close();
    }
    const all = lines.join('\n');
    expect(all).not.toContain('very-secret-token');
    expect(all).not.toContain('abcdef');
    expect(lines[0]).toMatch(new RegExp(`^> GET ${server.url}/api/itemcatalogspecs/list_for_receipt\\?companyId=3 .*authorization: Bearer \\*\\*\\*`));
    expect(lines[1]).toMatch(new RegExp(`^< 200 GET ${server.url}/api/itemcatalogspecs/list_for_receipt\\?companyId=3 \\d+ms \\d+B$`));
    expect(all).toContain('signature=***');
  });

  it('logs a failure without an answer, with its time', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const transport = createHttpTransport({ baseUrl: `http://127.0.0.1:${port}`, trace: (line) => lines.push(line) });
    await transport.request({ method: 'GET', path: '/x', headers: { Authorization: 'Bearer t0k' } }).catch(() => undefined);
    await transport.close();
    expect(lines.join('\n')).not.toContain('t0k');
    expect(lines[1]).toMatch(/^< GET http:\/\/127\.0\.0\.1:\d+\/x failed after \d+ms: connection refused/);
  });
});
