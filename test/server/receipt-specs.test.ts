import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemCatalogSpecRecord, ReceiptSpecsResponse } from '../../src/contract/receipt.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const PATH = '/api/itemcatalogspecs/list_for_receipt';

  describe('item specifics for receipts', () => {
    let server: TestServer;
    let cashier: string;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
      cashier = server.tokenFor(1, 'cashier');
    });
    afterAll(async () => server.close());

    const inStock = (companyId: number) =>
      (server.seeded.sqlite.prepare(`select count(*) as n from item_specs where company_id = ? and status = 'in_stock'`).get(companyId) as { n: number }).n;

    it('companyId alone returns every unit in stock of the company, as contract records', async () => {
      const response = await server.request('GET', PATH, { token: cashier, query: { companyId: 1 } });
      expect(response.status).toBe(200);
      expect(Value.Check(ReceiptSpecsResponse, response.body)).toBe(true);
      expect(response.body.count).toBe(inStock(1));
      expect(response.body.list).toHaveLength(inStock(1));
      expect(response.body.list.every((r: ItemCatalogSpecRecord) => r.companyId === 1 && r.qty === 1)).toBe(true);
      expect(response.body.list.map((r: ItemCatalogSpecRecord) => r.rowId)).toEqual(response.body.list.map((_: unknown, i: number) => i));
    });

    it('a page carries rowId as the position in the page and what a sale line needs', async () => {
      const all = (await server.request('GET', PATH, { token: cashier, query: { companyId: 1 } })).body.list;
      const response = await server.request('GET', PATH, { token: cashier, query: { companyId: 1, start: 20, limit: 10 } });
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(inStock(1));
      expect(response.body.list.map((r: ItemCatalogSpecRecord) => r.id)).toEqual(all.slice(20, 30).map((r: ItemCatalogSpecRecord) => r.id));
      expect(response.body.list.map((r: ItemCatalogSpecRecord) => r.rowId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const unit: ItemCatalogSpecRecord = response.body.list[0];
      expect(unit.itemProductId).toBe(unit.itemSpecId);
      expect(unit.imei1).toMatch(/^\d{15}$/);
      expect([0, 1]).toContain(unit.taxIncExc);
      expect([16, 8, 0]).toContain(unit.taxRate);
      expect(typeof unit.itemProductCatId).toBe('number');
      expect(typeof unit.warehouse).toBe('string');
    });

    it('refuses unaccepted shapes (400 naming them), non-numeric ids (400), another company (403) and the accountant role (403)', async () => {
      const shape = await server.request('GET', PATH, { token: cashier, query: { companyId: 1, start: 5 } });
      expect(shape.status).toBe(400);
      expect(shape.body.message).toContain('companyId; companyId + start + limit');
      expect((await server.request('GET', PATH, { token: cashier, query: { companyId: 'one' } })).status).toBe(400);
      const other = await server.request('GET', PATH, { token: cashier, query: { companyId: 2 } });
      expect(other.status).toBe(403);
      expect(other.body.list).toBeUndefined();
      expect((await server.request('GET', PATH, { token: server.tokenFor(1, 'accountant'), query: { companyId: 1 } })).status).toBe(403);
      expect((await server.request('GET', PATH, { token: server.tokenFor(1, 'admin'), query: { companyId: 1, start: 0, limit: 1 } })).status).toBe(200);
    });
  });
});
