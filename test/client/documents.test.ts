/**
 * Fetching the statement document behind its link: through the transport (with the token)
 * when the link is on the service's base URL or the service runs in-process; directly and
 * without the token otherwise.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ShopClient } from '../../src/client/client.js';
import { routeDocument } from '../../src/client/document-route.js';
import { ApiError, UsageError } from '../../src/client/errors.js';
import type { Transport, TransportRequest } from '../../src/client/transport.js';
import { clientFor } from './client-setup.js';
import { startServer, type TestServer } from './http-fixture.js';

const PDF = Buffer.from('%PDF-1.7\n\x00\x01\x02binary\n%%EOF');

let service: TestServer;
let storage: TestServer;

function servePdf(server: TestServer): void {
  server.handle((req, res) => {
    if (req.pathname === '/moved') {
      res.writeHead(302, { location: '/files/s.pdf?sig=1' });
      res.end();
    } else if (req.pathname.endsWith('missing.pdf')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"success":"false","message":"no such document","code":"NOT_FOUND"}');
    } else {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(PDF);
    }
  });
}

beforeAll(async () => {
  service = await startServer();
  storage = await startServer();
});
afterAll(async () => {
  await service.close();
  await storage.close();
});
beforeEach(() => {
  service.seen.length = 0;
  storage.seen.length = 0;
  servePdf(service);
  servePdf(storage);
});

describe('fetchDocument', () => {
  it('fetches a link on the base URL through the transport, with the token', async () => {
    const client = clientFor(service.url);
    const body = await client.fetchDocument(`${service.url}/api/propertystmt/statement-document?statementId=4&expires=9&signature=ab`);
    await client.close();
    expect(body.equals(PDF)).toBe(true);
    expect(service.seen[0]!.url).toBe('/api/propertystmt/statement-document?statementId=4&expires=9&signature=ab');
    expect(service.seen[0]!.headers.authorization).toBe('Bearer secret-token');
  });

  it('keeps the base URL path prefix and accepts a relative link', async () => {
    const client = clientFor(`${service.url}/erp`);
    await client.fetchDocument(`${service.url}/erp/docs/s.pdf?statementId=4`);
    await client.fetchDocument('/erp/docs/t.pdf');
    await client.close();
    expect(service.seen.map((r) => r.url)).toEqual(['/erp/docs/s.pdf?statementId=4', '/erp/docs/t.pdf']);
    expect(service.seen.every((r) => r.headers.authorization === 'Bearer secret-token')).toBe(true);
  });

  it('fetches a link elsewhere directly, without the token, following redirects', async () => {
    const client = clientFor(service.url);
    const body = await client.fetchDocument(`${storage.url}/moved`);
    await client.close();
    expect(body.equals(PDF)).toBe(true);
    expect(service.seen).toHaveLength(0);
    expect(storage.seen.map((r) => r.url)).toEqual(['/moved', '/files/s.pdf?sig=1']);
    expect(storage.seen.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('reports a missing document as not found, naming where from', async () => {
    const client = clientFor(service.url, { retry: { attempts: 1 } });
    const near = await client.fetchDocument(`${service.url}/missing.pdf`).catch((e: unknown) => e);
    const far = await client.fetchDocument(`${storage.url}/missing.pdf`).catch((e: unknown) => e);
    await client.close();
    expect(near).toBeInstanceOf(ApiError);
    expect((near as ApiError).kind).toBe('notFound');
    expect((near as ApiError).message).toMatch(/^statement document \(GET \/missing.pdf\) failed: HTTP 404 no such document/);
    expect((far as ApiError).kind).toBe('notFound');
    expect((far as ApiError).message).toContain(`statement document from 127.0.0.1:${storage.port}`);
  });

  it('refuses a reply that is not a PDF, by either route, as one that does not follow the interface', async () => {
    for (const server of [service, storage]) {
      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>Session expired</html>');
      });
    }
    const client = clientFor(service.url);
    const near = await client.fetchDocument(`${service.url}/files/s.pdf?sig=1`).catch((e: unknown) => e);
    const far = await client.fetchDocument(`${storage.url}/files/s.pdf?sig=1`).catch((e: unknown) => e);
    await client.close();
    expect((near as ApiError).kind).toBe('invalidResponse');
    expect((near as ApiError).message).toMatch(
      /^statement document \(GET \/files\/s\.pdf\) failed: HTTP 200 not a PDF: text\/html, 28 bytes, starts with <html>Session expired</,
    );
    expect((far as ApiError).kind).toBe('invalidResponse');
    expect((far as ApiError).message).toContain(`statement document from 127.0.0.1:${storage.port} (GET /files/s.pdf) failed: HTTP 200 not a PDF: text/html`);
  });

  it('sends every link through an in-process transport', async () => {
    const requests: TransportRequest[] = [];
    const inProcess: Transport & { inProcess: true } = {
      description: 'embedded',
      inProcess: true,
      request: async (request) => {
        requests.push(request);
        return { status: 200, headers: {}, body: PDF };
      },
      close: async () => undefined,
    };
    const client = new ShopClient({ transport: inProcess, token: 't' });
    expect((await client.fetchDocument('http://localhost:80/api/propertystmt/statement-document?statementId=2&sig=x')).equals(PDF)).toBe(true);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/propertystmt/statement-document',
      query: { statementId: '2', sig: 'x' },
      headers: { Authorization: 'Bearer t' },
    });
  });
});

describe('routeDocument', () => {
  const http = (baseUrl: string) => ({
    description: baseUrl,
    baseUrl,
    request: async () => ({ status: 200, headers: {}, body: PDF }),
    close: async () => undefined,
  });

  it('decides by origin and path prefix', () => {
    expect(routeDocument('http://a.test:8080/api/d?x=1', http('http://a.test:8080'))).toEqual({ via: 'transport', path: '/api/d', query: { x: '1' } });
    expect(routeDocument('http://a.test:8080/p/api/d', http('http://a.test:8080/p/'))).toEqual({ via: 'transport', path: '/api/d', query: {} });
    expect(routeDocument('http://a.test:8080/other/d', http('http://a.test:8080/p')).via).toBe('direct');
    expect(routeDocument('http://a.test:9090/api/d', http('http://a.test:8080')).via).toBe('direct');
    expect(routeDocument('https://a.test:8080/api/d', http('http://a.test:8080')).via).toBe('direct');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => routeDocument('file:///etc/passwd', http('http://a.test'))).toThrow(UsageError);
    expect(() => routeDocument('http://[bad', http('http://a.test'))).toThrow(/is not a document URL/);
  });
});
