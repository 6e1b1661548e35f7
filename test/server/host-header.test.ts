/**
 * Statement links are never built from a malformed Host header (400), and a server given a
 * public URL builds them on it whatever Host the client sends. Raw sockets: fetch would not
 * send a malformed Host.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = server.tokenFor(1, 'accountant');
});
afterAll(async () => server.close());

/** Sends one HTTP/1.1 GET with exactly this Host line; resolves with the status and body. */
function rawGet(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
  });
}

const PDF_LINK = '/api/propertystmt/statementpdf?statementId=1';

describe('the Host header', () => {
  it.each(['a b', '[::1', 'x:y:z', '<script>', 'shop.example.com:99999', 'host:port'])('%s is refused 400 naming the Host header', async (host) => {
    const reply = await rawGet(server.url, PDF_LINK, host);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/invalid Host header/) });
  });

  it.each(['127.0.0.1:8080', 'shop.example.com', '[::1]:8080', 'till_3.local'])('%s builds the link on it', async (host) => {
    const reply = await rawGet(server.url, PDF_LINK, host);
    expect(reply.status).toBe(200);
    expect(new URL(JSON.parse(reply.body).message).host).toBe(host);
  });

  it('a server with a public URL builds links on it, whatever the Host', async () => {
    const app = await buildApp({ store: server.shop, publicUrl: 'https://erp.example.com/' });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const reply = await rawGet(url, PDF_LINK, 'attacker.example.net');
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body).message).toMatch(/^https:\/\/erp\.example\.com\/api\/propertystmt\/statement-document\?/);
    } finally {
      await app.close();
    }
  });

  it.each(['ftp://x', 'https://x.example.com/shop', 'https://u:p@x.example.com', 'not a url'])('public URL %s is refused at start', async (publicUrl) => {
    await expect(buildApp({ store: server.shop, publicUrl })).rejects.toThrow(/public URL/);
  });
});

describe('the publicUrl setting', () => {
  it('keeps an origin and refuses a path, a query or another scheme, naming where it came from', async () => {
    const { parseProfileValue } = await import('../../src/cli/config/keys.js');
    expect(parseProfileValue('publicUrl', 'https://shop.example.com/', '--public-url')).toBe('https://shop.example.com');
    expect(parseProfileValue('publicUrl', 'http://10.0.0.5:8080', '--public-url')).toBe('http://10.0.0.5:8080');
    expect(() => parseProfileValue('publicUrl', 'https://shop.example.com/erp', '--public-url')).toThrow(/--public-url: expected an origin only/);
    expect(() => parseProfileValue('publicUrl', 'ftp://shop.example.com', 'config key publicUrl')).toThrow(/config key publicUrl/);
  });
});
