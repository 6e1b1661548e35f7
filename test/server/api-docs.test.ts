/**
 * /api/docs: Swagger UI from @fastify/swagger-ui over the same document as /api/openapi.json,
 * loaded on the first request for the page and not before. In a browser: test/browser/api-docs.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/local-server.js';

const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((file) => /[\\/]@fastify[\\/]swagger(-ui)?[\\/]/.test(file));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the API page', () => {
  it('is loaded on its first request, not when the server starts', async () => {
    expect(loaded()).toEqual([]);
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(loaded().length).toBeGreaterThan(0);
  });

  it('is Swagger UI over the published document, its files served by the server, without a token', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await page.text();
    expect(html).toContain('<title>Inventory cash sale and property statement service</title>');
    expect(html).toContain('/api/docs/static/swagger-ui-bundle.js');
    const bundle = await fetch(`${server.url}/api/docs/static/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const shown = await (await fetch(`${server.url}/api/docs/json`)).json();
    expect(shown).toEqual(await (await fetch(`${server.url}/api/openapi.json`)).json());
  });

  it("answers a path under it that is no file of the page with the server's own 404", async () => {
    const response = await fetch(`${server.url}/api/docs/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: 'false', code: 'NOT_FOUND' });
  });
});
