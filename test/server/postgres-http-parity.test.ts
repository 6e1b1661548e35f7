/**
 * The bundled server on PostgreSQL answers the interface's endpoints with the same bytes as on
 * SQLite: one server over a SQLite file of demo data, another over a PostgreSQL copy of it
 * (postgresShopStore), both on 127.0.0.1, the same token on each. Reads of every resource are
 * compared byte for byte, refusals included; a save gets the same answer and receipt number on
 * each, and so does its retry.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresShopStore } from '../../src/store/postgres/postgres-shop-store.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { accessoryLine, companyRefs, saleBody } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const NOW = Date.UTC(2026, 10, 15, 9, 0, 0);
let sqlite: Store;
let pool: pg.Pool;
let apps: FastifyInstance[] = [];
let urls: string[] = [];
let token = '';

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'shop.db'));
  await seedDemo(sqlite, { scale: 1, now: NOW });
  // Made before the copy, so the same token is valid on both.
  token = (await sqliteShopStore(sqlite).createToken({ companyId: 1, role: 'admin', name: 'parity', now: NOW })).token;
  // So is the key document links are signed with: a link is the same whichever instance made it.
  await sqliteShopStore(sqlite).secret('document_signing_key');
  const url = await postgres.createDatabase();
  pool = openPostgresPool(url);
  await copySqliteToPostgres(sqliteShopStore(sqlite), pool);
  const onPostgres = postgresShopStore(pool, url);
  apps = await Promise.all([sqliteShopStore(sqlite), onPostgres].map((store) => buildApp({ store, now: () => NOW, publicUrl: 'https://shop.example.com' })));
  urls = await Promise.all(apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
}, 120_000);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await pool?.end();
  await sqlite?.close();
  temp.remove();
});

async function onBoth(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }[]> {
  return Promise.all(
    urls.map(async (base) => {
      const response = await fetch(new URL(path, base), {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    }),
  );
}

const GETS = [
  '/api/inventorycashsale/list?companyId=1&start=0&limit=50',
  '/api/inventorycashsale/list?companyId=1&start=40&limit=25',
  '/api/inventorycashsale/list?retailShopId=1',
  '/api/inventorycashsale/list_sale_items?companyId=1&start=0&limit=40',
  '/api/itemcatalogspecs/list_for_receipt?companyId=1&start=0&limit=20',
  '/api/propertystmt/paidbalance?companyId=1&month=10&year=2026',
  '/api/propertystmt/paidbalance?companyId=1',
  '/api/propertystmt/payadvice?companyId=1&propertyId=1&month=9&year=2026',
  '/api/propertystmt/statements?companyId=1&landlordId=1&paidPosted=ALL',
  '/api/propertystmt/statementpdf?statementId=1',
  '/api/local/reference-data?companyId=1&unitIds=1,2,3',
  '/api/local/sale-payments?companyId=1&saleIds=1,2,3,4,5',
  '/api/local/property-reference?companyId=1',
  '/api/inventorycashsale/list?companyId=999&start=0&limit=5',
  '/api/local/unit-lookup?companyId=1&identifier=000000000000000',
  '/api/propertystmt/payadvice?companyId=1&propertyId=999999',
];

describe('the server on PostgreSQL and on SQLite', () => {
  it.each(GETS)('answers GET %s with the same status and bytes', async (path) => {
    const [a, b] = await onBoth('GET', path);
    expect(b!.status).toBe(a!.status);
    expect(b!.text).toBe(a!.text);
  });

  it('saves a sale with the same answer and receipt number, and answers its retry alike', async () => {
    const body = saleBody(companyRefs(sqlite, 1), [accessoryLine(companyRefs(sqlite, 1), 2)], { over: { refNo: 'PARITY-1', issueDate: '2026-11-14' } });
    const [a, b] = await onBoth('POST', '/api/inventorycashsale/save', body, { 'idempotency-key': 'parity-1' });
    expect(a!.status).toBe(200);
    expect(b!.text).toBe(a!.text);
    const [c, d] = await onBoth('POST', '/api/inventorycashsale/save', body, { 'idempotency-key': 'parity-1' });
    expect(d!.text).toBe(c!.text);
    expect(c!.text).toBe(a!.text);
    const [first, onPostgres] = await onBoth('GET', '/api/inventorycashsale/list?companyId=1&start=0&limit=5');
    expect(onPostgres!.text).toBe(first!.text);
  });
});
