/**
 * What a browser on an allowed origin may send and read: a save's preflight allows its
 * Idempotency-Key, and answers expose Retry-After and the paging headers. Headers as a browser
 * sends them; the browser itself runs in test/browser/.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { createToken } from '../helpers/sqlite-token.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const PORTAL = 'http://127.0.0.1:4200';
const temp = makeTempDir();
let store: Store;
let app: FastifyInstance;

beforeAll(async () => {
  store = await openStore(join(temp.dir, 'cors.db'));
  await seedDemo(store, { now: TEST_NOW });
  app = await buildApp({ store: sqliteShopStore(store), corsOrigins: [PORTAL] });
});
afterAll(async () => {
  await app.close();
  await store.close();
  temp.remove();
});

const preflight = (origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/inventorycashsale/save',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
  });
const listed = (header: unknown) =>
  String(header)
    .toLowerCase()
    .split(/\s*,\s*/);

describe('CORS for browser clients', () => {
  it("allows a save's Idempotency-Key on the preflight of an allowed origin only", async () => {
    const allowed = await preflight(PORTAL);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(listed(allowed.headers['access-control-allow-methods'])).toContain('post');
    expect(listed(allowed.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    const stranger = await preflight('http://127.0.0.1:4201');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exposes Retry-After, X-Next-After and X-Paging-Style to the allowed origin', async () => {
    const { token } = createToken(store, { companyId: 1, role: 'accountant', name: 'portal' });
    const page = await app.inject({
      method: 'GET',
      url: '/api/inventorycashsale/list?companyId=1&start=0&limit=5',
      headers: { origin: PORTAL, authorization: `Bearer ${token}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(listed(page.headers['access-control-expose-headers'])).toEqual(expect.arrayContaining(['retry-after', 'x-next-after', 'x-paging-style']));
    expect(page.headers['x-paging-style']).toBe('offset');
    expect(page.headers['x-next-after']).toBeDefined();
  });
});
