/** The local server's reference data for composing sales (GET /api/local/reference-data). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchReferenceData } from '../../src/client/reference-data.js';
import { createHttpTransport } from '../../src/client/http-transport.js';
import { embeddedTransportOn } from '../../src/server/embedded-server.js';
import { REFERENCE_DATA_PATH } from '../../src/contract/reference-data.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  describe('reference data', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
    });
    afterAll(async () => server.close());

    it("lists the company's shops, cashbooks, users, channels, tax rates and products sold by quantity", async () => {
      const { status, body } = await server.request('GET', REFERENCE_DATA_PATH, { token: server.tokenFor(1, 'cashier'), query: { companyId: 1 } });
      expect(status).toBe(200);
      expect(body.company).toMatchObject({ id: 1, timeZone: 'Africa/Nairobi' });
      expect(body.shops.length).toBeGreaterThan(0);
      expect(body.cashbooks.length).toBeGreaterThan(0);
      expect(body.users[0].role).toBe('cashier');
      expect(body.paymentChannels.map((c: { method: string }) => c.method).sort()).toEqual(['CASH', 'CHECK', 'MPESA']);
      expect(body.taxRates).toEqual(expect.arrayContaining([expect.objectContaining({ rate: 16 }), expect.objectContaining({ rate: 8 })]));
      const cable = body.products.find((p: { name: string }) => p.name === 'USB-C cable 1m');
      expect(cable).toMatchObject({ price: 450, cost: 180, taxRate: 16, taxIncExc: 1 });
      expect(body.units).toEqual([]);
      // Only products without serialised units: phones are picked unit by unit.
      const serialised = server.seeded.sqlite.prepare('select distinct product_id as id from item_specs where company_id = 1').all() as { id: number }[];
      for (const { id } of serialised) expect(body.products.some((p: { id: number }) => p.id === id)).toBe(false);
      // Every row is the company's own.
      const company2 = server.seeded.sqlite.prepare('select id from retail_shops where company_id = 2').all() as { id: number }[];
      for (const { id } of company2) expect(body.shops.some((s: { id: number }) => s.id === id)).toBe(false);
    });

    it("gives the company's currency and tax registration number; a server without them is still read", async () => {
      const token = server.tokenFor(1, 'cashier');
      const { body } = await server.request('GET', REFERENCE_DATA_PATH, { token, query: { companyId: 1 } });
      expect(body.company).toMatchObject({ currency: 'KES', taxNumber: 'P051234567X' });
      // The same answer as a server of an earlier version gives it: the company without the two fields.
      const { currency: _currency, taxNumber: _taxNumber, ...earlierCompany } = body.company;
      expect(Object.keys(earlierCompany)).not.toContain('currency');
      const earlier = {
        description: 'earlier server',
        close: async () => undefined,
        request: async () => ({
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ ...body, company: earlierCompany })),
        }),
      };
      const refs = await fetchReferenceData({ transport: earlier }, 1);
      expect(refs?.company.name).toBe(body.company.name);
      expect(refs?.company.currency).toBeUndefined();
      expect(refs?.company.taxNumber).toBeUndefined();
    });

    it("names the serialised units asked for, sold or in stock, and only the company's", async () => {
      const sold = server.seeded.sqlite.prepare("select id, imei1 from item_specs where company_id = 1 and status = 'sold' limit 1").get() as {
        id: number;
        imei1: string;
      };
      const other = server.seeded.sqlite.prepare('select id from item_specs where company_id = 2 limit 1').get() as { id: number };
      const { status, body } = await server.request('GET', REFERENCE_DATA_PATH, {
        token: server.tokenFor(1, 'accountant'),
        query: { companyId: 1, unitIds: `${sold.id},${other.id}` },
      });
      expect(status).toBe(200);
      expect(body.units).toEqual([expect.objectContaining({ id: sold.id, imei1: sold.imei1, sold: true })]);
    });

    it('refuses another company (403), a bad unit list (400) and no token (401)', async () => {
      const token = server.tokenFor(1, 'cashier');
      expect((await server.request('GET', REFERENCE_DATA_PATH, { token, query: { companyId: 2 } })).status).toBe(403);
      expect((await server.request('GET', REFERENCE_DATA_PATH, { token, query: { companyId: 1, unitIds: '1,,2' } })).status).toBe(400);
      expect((await server.request('GET', REFERENCE_DATA_PATH, { query: { companyId: 1 } })).status).toBe(401);
      expect((await server.request('GET', REFERENCE_DATA_PATH, { token })).status).toBe(400);
    });

    it('is read by the client, which takes a server without it as "no lists"', async () => {
      const transport = createHttpTransport({ baseUrl: server.url });
      try {
        const refs = await fetchReferenceData({ transport, token: server.tokenFor(1, 'cashier') }, 1);
        expect(refs?.shops.length).toBeGreaterThan(0);
        // The local admin (embedded mode) sees every company: an unknown one is a 404 of its own, not "no such endpoint".
        const embedded = embeddedTransportOn(server.shop);
        await expect(fetchReferenceData({ transport: embedded }, 99)).rejects.toMatchObject({ kind: 'notFound', serverMessage: 'companyId: no company 99' });
        expect((await fetchReferenceData({ transport: embedded }, 2))?.company.id).toBe(2);
        await embedded.close();
        const elsewhere = {
          description: 'x',
          close: async () => undefined,
          request: async () => ({ status: 404, headers: { 'content-type': 'text/html' }, body: Buffer.from('<h1>Not Found</h1>') }),
        };
        expect(await fetchReferenceData({ transport: elsewhere }, 1)).toBeUndefined();
      } finally {
        await transport.close();
      }
    });
  });
});
