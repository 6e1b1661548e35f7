/**
 * The bundled server on a real SQLite file in a temp dir, listening on 127.0.0.1 on a free port.
 * Server tests talk to it over real HTTP.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { createToken } from '../../src/store/sqlite/token-service.js';
import { seedDemo, type DemoOptions } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import type { ShopStore } from '../../src/store/shop-store.js';
import type { Role } from '../../src/contract/enums.js';
import { checkAnswer } from './openapi-check.js';
import { makeTempDir } from './temp-dir.js';

/** Whatever JSON came back: tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJson = any;

export interface TestServer {
  url: string;
  app: FastifyInstance;
  /** The SQLite store itself, for tests that look at its rows. */
  store: Store;
  /** The store interface the server runs on. */
  shop: ShopStore;
  dbFile: string;
  /** A fresh bearer token for a user of the company with the role. */
  tokenFor(companyId: number, role?: Role): string;
  /** GET or POST over real HTTP; returns status and parsed JSON (or text). */
  request(
    method: 'GET' | 'POST',
    path: string,
    options?: { token?: string; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: AnyJson; headers: Headers }>;
  close(): Promise<void>;
}

/** Demo data is fixed to one "now" so figures are the same on every run. */
export const TEST_NOW = Date.UTC(2026, 10, 15, 9, 0, 0);

/** `now` is the server's clock (reports' current month, links' expiry); the real one by default. */
export async function startTestServer(options: { demo?: DemoOptions | false; now?: () => number } = {}): Promise<TestServer> {
  const temp = makeTempDir();
  const dbFile = join(temp.dir, 'test.db');
  const store = await openStore(dbFile);
  if (options.demo !== false) seedDemo(store, { now: TEST_NOW, ...(options.demo ?? {}) });
  const shop = sqliteShopStore(store);
  const app = await buildApp({ store: shop, now: options.now });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    store,
    shop,
    dbFile,
    tokenFor(companyId, role = 'admin') {
      return createToken(store, { companyId, role, name: `test ${role} ${Math.random().toString(36).slice(2, 8)}` }).token;
    },
    async request(method, path, opts = {}) {
      const target = new URL(path, url);
      for (const [key, value] of Object.entries(opts.query ?? {})) {
        if (value !== undefined) target.searchParams.set(key, String(value));
      }
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(target, {
        method,
        headers,
        body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      // Every JSON answer of the server tests must follow the published OpenAPI document.
      if (response.headers.get('content-type')?.startsWith('application/json')) checkAnswer(method, target.href, response.status, body);
      return { status: response.status, body, headers: response.headers };
    },
    async close() {
      await app.close();
      await store.close();
      temp.remove();
    },
  };
}
