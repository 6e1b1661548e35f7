/**
 * The bundled server listening on 127.0.0.1 on a free port, on a real SQLite file in a temp dir
 * or, with `backend: 'postgres'`, on a fresh PostgreSQL database (the demo copied in by
 * createPostgresDemo). Server tests talk to it over real HTTP; `BACKENDS` runs a suite on both.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { createToken } from './sqlite-token.js';
import { seedDemo, type DemoOptions } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import type { ShopStore } from '../../src/store/shop-store.js';
import type { Role } from '../../src/contract/enums.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { migratePostgres } from '../../src/store/postgres/migrate-postgres.js';
import { postgresShopStore } from '../../src/store/postgres/postgres-shop-store.js';
import { checkAnswer } from './openapi-check.js';
import type { TestPostgres } from './postgres.js';
import { makeTempDir } from './temp-dir.js';

/** Whatever JSON came back: tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJson = any;

/** The backends a suite of the interface runs on (describe.each(BACKENDS)). */
export const BACKENDS = ['sqlite', 'postgres'] as const;
export type Backend = (typeof BACKENDS)[number];

export interface TestServer {
  url: string;
  app: FastifyInstance;
  backend: Backend;
  /** The SQLite store itself, for tests that look at its rows (SQLite's tests only: on PostgreSQL it throws). */
  store: Store;
  /**
   * The demo's rows as seeded, on both backends: on SQLite the server's own store, on PostgreSQL
   * the SQLite file its rows were copied from. For fixture look-ups (ids, units in stock, counts
   * of the demo) before the test writes anything; what the server wrote is read through HTTP.
   */
  seeded: Store;
  /**
   * Rows of the server's own store, on either backend: plain SQL both dialects read alike, `?`
   * for parameters; integers come back as numbers. For what a test wrote through the server.
   */
  rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** The store interface the server runs on. */
  shop: ShopStore;
  dbFile: string;
  /** A fresh bearer token for a user of the company with the role (on PostgreSQL one of a few made at start, for companies 1 and 2). */
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
export async function startTestServer(
  options: { demo?: DemoOptions | false; now?: () => number; backend?: Backend; postgres?: TestPostgres } = {},
): Promise<TestServer> {
  if (options.backend === 'postgres') return startPostgresTestServer(options);
  const temp = makeTempDir();
  const dbFile = join(temp.dir, 'test.db');
  const store = await openStore(dbFile);
  if (options.demo !== false) await seedDemo(store, { now: TEST_NOW, ...(options.demo ?? {}) });
  const shop = sqliteShopStore(store);
  const app = await buildApp({ store: shop, now: options.now });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    backend: 'sqlite',
    store,
    seeded: store,
    rows: async <T>(sql: string, ...params: unknown[]) => store.sqlite.prepare(sql).all(...params) as T[],
    shop,
    dbFile,
    tokenFor(companyId, role = 'admin') {
      return createToken(store, { companyId, role, name: `test ${role} ${Math.random().toString(36).slice(2, 8)}` }).token;
    },
    request: (method, path, opts) => requestOf(url, method, path, opts),
    async close() {
      await app.close();
      await store.close();
      temp.remove();
    },
  };
}

const ROLES: readonly Role[] = ['admin', 'cashier', 'accountant'];
const TOKENS_PER_ROLE = 3;

/**
 * The server on a fresh PostgreSQL database of the file's `usePostgres()`: the demo (the same
 * rows as SQLite's for the same options) copied in, a few tokens per role of companies 1 and 2.
 */
async function startPostgresTestServer(options: { demo?: DemoOptions | false; now?: () => number; postgres?: TestPostgres }): Promise<TestServer> {
  if (!options.postgres) throw new Error("startTestServer on PostgreSQL needs the file's usePostgres()");
  const url = await options.postgres.createDatabase();
  const pool = openPostgresPool(url, { max: 6 });
  const temp = makeTempDir();
  const seeded = await openStore(join(temp.dir, 'seeded.db'));
  if (options.demo !== false) await seedDemo(seeded, { now: TEST_NOW, ...(options.demo ?? {}) });
  await migratePostgres(pool);
  // The same copy as createPostgresDemo's (local copy's code), from a file the test keeps to look rows up in.
  const copied = await copySqliteToPostgres(sqliteShopStore(seeded), pool);
  if (copied.differences.length > 0) throw new Error(`the demo's copy differs in ${copied.differences.join(', ')}`);
  const shop = postgresShopStore(pool, url);
  const tokens = new Map<string, string[]>();
  if (options.demo !== false) {
    for (const companyId of [1, 2]) {
      for (const role of ROLES) {
        const made: string[] = [];
        for (let n = 0; n < TOKENS_PER_ROLE; n++) made.push((await shop.createToken({ companyId, role, name: `test ${role} ${n}` })).token);
        tokens.set(`${companyId}:${role}`, made);
      }
    }
  }
  const app = await buildApp({ store: shop, now: options.now });
  const listening = await app.listen({ host: '127.0.0.1', port: 0 });
  let handedOut = 0;
  return {
    url: listening,
    app,
    backend: 'postgres',
    seeded,
    async rows<T>(sql: string, ...params: unknown[]) {
      let n = 0;
      const result = await pool.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return result.rows.map((row: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])),
      ) as T[];
    },
    get store(): Store {
      throw new Error("server.store is SQLite's: this test asserts SQLite internals and runs on SQLite only");
    },
    shop,
    dbFile: url,
    tokenFor(companyId, role = 'admin') {
      const made = tokens.get(`${companyId}:${role}`);
      if (!made) throw new Error(`no token made at start for company ${companyId} as ${role}`);
      return made[handedOut++ % made.length]!;
    },
    request: (method, path, opts) => requestOf(listening, method, path, opts),
    async close() {
      await app.close();
      await shop.close();
      await seeded.close();
      temp.remove();
    },
  };
}

async function requestOf(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: AnyJson; headers: Headers }> {
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
}
