/**
 * The embedded transport answers its most common reads without the fastify app
 * (server/direct-reads.ts): every answer, the direct ones and those it leaves to the app, is the
 * app's own, byte for byte, with the same status and headers; and the plain reads are answered
 * without the app being built at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessTransport } from '../../src/client/inprocess-transport.js';
import type { Transport, TransportRequest, TransportResponse } from '../../src/client/transport.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { SALE_PAYMENTS_PATH } from '../../src/contract/sale-payments.js';
import { buildApp } from '../../src/server/app.js';
import { directReader } from '../../src/server/direct-reads.js';
import { embeddedTransportOn } from '../../src/server/embedded-server.js';
import { LOCAL_ADMIN } from '../../src/server/principal.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

const LIST = endpoints.listCashSales.path;
const ITEMS = endpoints.listSaleItems.path;

/** Status, headers but the date, and the body's bytes as text. */
function answer(response: TransportResponse): { status: number; headers: Record<string, unknown>; body: string } {
  const { date, ...headers } = response.headers;
  expect(date).toMatch(/GMT$/);
  return { status: response.status, headers, body: response.body.toString('utf8') };
}

describe.each(BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  let embedded: Transport;
  let appOnly: Transport;

  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
    embedded = embeddedTransportOn(server.shop);
    appOnly = createInProcessTransport(() => buildApp({ store: server.shop, embeddedPrincipal: LOCAL_ADMIN }), 'embedded');
  });
  afterAll(async () => {
    await embedded.close();
    await appOnly.close();
    await server.close();
  });

  const idOf = (table: string, companyId: number) =>
    (server.seeded.sqlite.prepare(`select id from ${table} where company_id = ? order by id limit 1`).get(companyId) as { id: number }).id;

  async function same(request: TransportRequest): Promise<TransportResponse> {
    const direct = await embedded.request(request);
    const viaApp = await appOnly.request(request);
    expect(answer(direct)).toEqual(answer(viaApp));
    return direct;
  }

  it('answers the plain reads of a first page and the walk after it as the app does, without building the app', async () => {
    const unbuilt = createInProcessTransport(() => Promise.reject(new Error('the app was built')), 'embedded', {
      direct: directReader({ principal: LOCAL_ADMIN, server: { context: { store: server.shop } } }),
    });
    const plain: TransportRequest[] = [
      { method: 'GET', path: SALE_PAYMENTS_PATH, query: { companyId: 1, saleIds: '0' } },
      { method: 'GET', path: LIST, query: { companyId: 1, start: 0, limit: 50 } },
      { method: 'GET', path: LIST, query: { companyId: 1, start: '3', limit: '7' } },
      { method: 'GET', path: LIST, query: { retailShopId: idOf('retail_shops', 1) } },
      { method: 'GET', path: LIST, query: { salesPersonId: idOf('users', 1) }, headers: { Authorization: 'Bearer anything' } },
      { method: 'GET', path: ITEMS, query: { companyId: 2, start: 0, limit: 20 } },
      { method: 'GET', path: ITEMS, query: { companyId: 1, itemCategoryId: idOf('item_categories', 1), limit: 5 } },
    ];
    for (const request of plain) {
      const direct = await unbuilt.request(request);
      expect(direct.status, JSON.stringify(request)).toBe(200);
      await same(request);
    }
    // A walk: the next page by where the first ended, and the payments of the sales on it.
    const first = await same({ method: 'GET', path: LIST, query: { companyId: 1, start: 0, limit: 10 } });
    const [afterDate, afterId] = String(first.headers['x-next-after']).split('.');
    const next = await same({ method: 'GET', path: LIST, query: { companyId: 1, start: 10, limit: 10, afterDate, afterId } });
    const ids = (JSON.parse(next.body.toString('utf8')) as { list: { id: number }[] }).list.map((sale) => sale.id);
    expect(ids).toHaveLength(10);
    const payments = await same({ method: 'GET', path: SALE_PAYMENTS_PATH, query: { companyId: 1, saleIds: ids.join(',') } });
    expect((JSON.parse(payments.body.toString('utf8')) as { list: unknown[] }).list.length).toBeGreaterThan(0);
    await unbuilt.close();
  });

  it.each([
    ['a number written with a leading zero', { companyId: 1, start: '007' }],
    ['a number with a sign', { companyId: '+1' }],
    ['a negative start', { companyId: 1, start: -1 }],
    ['text for a number', { companyId: 1, start: 'x' }],
    ['a fraction', { companyId: 1, limit: 2.5 }],
    ['a number in exponent form', { companyId: 1, start: '1e3' }],
    ['a limit above the largest page', { companyId: 1, limit: 5000 }],
    ['a limit of 0', { companyId: 1, limit: 0 }],
    ['a parameter the endpoint does not name', { companyId: 1, cacheBuster: 'abc' }],
    ['a company that does not exist', { companyId: 9_999_999 }],
    ['a shape the endpoint does not accept', { companyId: 1, retailShopId: 1 }],
    ['no parameter at all', {}],
    ['a shop of nobody', { retailShopId: 9_999_999 }],
    ['infinity', { companyId: 1, start: 'Infinity' }],
  ])('leaves the list with %s to the app, which answers as over HTTP', async (_what, query) => {
    await same({ method: 'GET', path: LIST, query });
  });

  it.each([
    ['an empty id', { companyId: 1, saleIds: '1,,2' }],
    ['no ids', { companyId: 1 }],
    ['a company of nobody', { companyId: 9_999_999, saleIds: '1' }],
    ['more ids than a request takes', { companyId: 1, saleIds: Array.from({ length: 1001 }, (_, i) => i + 1).join(',') }],
  ])('leaves the payments with %s to the app', async (_what, query) => {
    await same({ method: 'GET', path: SALE_PAYMENTS_PATH, query });
  });

  it('leaves to the app a request with another header, another method, a path not quite the same, or another company’s ids', async () => {
    await same({ method: 'GET', path: LIST, query: { companyId: 1 }, headers: { Origin: 'https://elsewhere.example' } });
    await same({ method: 'GET', path: LIST, query: { companyId: 1 }, headers: { Host: 'not a host' } });
    await same({ method: 'POST', path: LIST, query: { companyId: 1 }, body: {} });
    await same({ method: 'GET', path: `${LIST}/`, query: { companyId: 1 } });
    await same({ method: 'GET', path: `${LIST}?companyId=1`, query: {} });
    await same({ method: 'GET', path: ITEMS, query: { companyId: 1, retailShopId: idOf('retail_shops', 2) } });
  });
});
