/**
 * One rule for the ids a request names, on every list and report: an id of nobody is 404; an id
 * of another company than the one the request names is 403, also for the embedded local admin,
 * who may see every company but not one company's rows under another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transport } from '../../src/client/transport.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { SALE_PAYMENTS_PATH } from '../../src/contract/sale-payments.js';
import { embeddedTransportOn } from '../../src/server/embedded-server.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  let embedded: Transport;

  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
    embedded = embeddedTransportOn(server.shop);
  });
  afterAll(async () => {
    await embedded.close();
    await server.close();
  });

  const idOf = (table: string, companyId: number) =>
    (server.seeded.sqlite.prepare(`select id from ${table} where company_id = ? order by id limit 1`).get(companyId) as { id: number }).id;

  const cases: { path: string; param: string; table: string; query: Record<string, string | number> }[] = [
    { path: endpoints.listSaleItems.path, param: 'retailShopId', table: 'retail_shops', query: {} },
    { path: endpoints.listSaleItems.path, param: 'itemCategoryId', table: 'item_categories', query: {} },
    { path: endpoints.paidBalance.path, param: 'zoneId', table: 'zones', query: { month: 10, year: 2026 } },
    { path: endpoints.payAdvice.path, param: 'propertyId', table: 'properties', query: { lldPaymentType: 'COMBINED', month: 10, year: 2026 } },
    { path: endpoints.statements.path, param: 'landlordId', table: 'landlords', query: { paidPosted: 'ALL' } },
  ];

  async function status(query: Record<string, string | number>, path: string): Promise<{ status: number; code?: string }> {
    const response = await embedded.request({ method: 'GET', path, query });
    const body = JSON.parse(response.body.toString('utf8')) as { code?: string };
    return { status: response.status, code: body.code };
  }

  describe('ids named with a company, asked by the local admin', () => {
    it.each(cases)('$path: $param of company 2 under company 1 is 403; of nobody 404; of company 1 200', async ({ path, param, table, query }) => {
      const ask = (id: number) => status({ companyId: 1, ...query, [param]: id }, path);
      expect(await ask(idOf(table, 2))).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(await ask(9_999_999)).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect((await ask(idOf(table, 1))).status).toBe(200);
    });
  });

  describe('a company that does not exist', () => {
    const unknownCompany = 9_999_999;
    const byCompany: { path: string; query: Record<string, string | number> }[] = [
      { path: endpoints.listCashSales.path, query: { start: 0, limit: 5 } },
      { path: endpoints.listCashSales.path, query: {} },
      { path: endpoints.listReceiptSpecs.path, query: {} },
      { path: SALE_PAYMENTS_PATH, query: { saleIds: '1' } },
    ];

    it.each(byCompany)('$path with $query: 404 for the local admin, never an empty list', async ({ path, query }) => {
      expect(await status({ companyId: unknownCompany, ...query }, path)).toEqual({ status: 404, code: 'NOT_FOUND' });
    });

    it('is refused (403) to a token of another company, which learns nothing of which companies exist', async () => {
      const token = server.tokenFor(1, 'accountant');
      const ask = (companyId: number) => server.request('GET', endpoints.listCashSales.path, { token, query: { companyId, start: 0, limit: 5 } });
      const [existing, missing] = [await ask(2), await ask(unknownCompany)];
      expect([existing.status, missing.status]).toEqual([403, 403]);
      // The same answer for a company that exists and one that does not: it repeats the id asked
      // about and tells nothing of the company (its name, or that it exists).
      const asked = (body: unknown, id: number) => JSON.stringify(body).replace(new RegExp(`\\b${id}\\b`, 'g'), 'ID');
      expect(asked(existing.body, 2)).toBe(asked(missing.body, unknownCompany));
      const { name } = server.seeded.sqlite.prepare('select name from companies where id = 2').get() as { name: string };
      expect(JSON.stringify(existing.body)).not.toContain(name);
    });
  });
});
