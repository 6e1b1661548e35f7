/**
 * GET /api/local/property-reference over real HTTP: the reports' roles read their own company's
 * zones, field officers, landlords and properties; a cashier, another company and no token are
 * refused; the client takes a server without the endpoint as "no lists".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPropertyReference } from '../../src/client/property-reference.js';
import { createHttpTransport } from '../../src/client/http-transport.js';
import { PROPERTY_REFERENCE_PATH } from '../../src/contract/property-reference.js';
import { startServer } from '../client/http-fixture.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
  });
  afterAll(async () => server.close());

  const sql = <T>(text: string, ...params: unknown[]) => server.seeded.sqlite.prepare(text).all(...params) as T[];

  describe('property reference', () => {
    it("gives an accountant the company's zones, officers, landlords and properties, with names and counts", async () => {
      const { status, body } = await server.request('GET', PROPERTY_REFERENCE_PATH, { token: server.tokenFor(1, 'accountant'), query: { companyId: 1 } });
      expect(status).toBe(200);
      // Every row of the company, and only those: compared with the tables themselves.
      const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
      expect(ids(body.zones)).toEqual(sql<{ id: number }>('select id from zones where company_id = 1 order by id').map((r) => r.id));
      expect(ids(body.fieldOfficers)).toEqual(sql<{ id: number }>('select id from field_officers where company_id = 1 order by id').map((r) => r.id));
      expect(ids(body.landlords)).toEqual(sql<{ id: number }>('select id from landlords where company_id = 1 order by id').map((r) => r.id));
      expect(ids(body.properties)).toEqual(sql<{ id: number }>('select id from properties where company_id = 1 order by id').map((r) => r.id));
      // A property carries the names behind its ids and its unit count.
      const [row] = sql<{ id: number; code: string; name: string; landlord_id: number; zone_id: number; field_officer_id: number }>(
        'select id, code, name, landlord_id, zone_id, field_officer_id from properties where company_id = 1 order by id limit 1',
      );
      const [landlord] = sql<{ name: string }>('select name from landlords where id = ?', row!.landlord_id);
      const [zone] = sql<{ name: string }>('select name from zones where id = ?', row!.zone_id);
      const [officer] = sql<{ name: string }>('select name from field_officers where id = ?', row!.field_officer_id);
      const [units] = sql<{ n: number }>('select count(*) as n from units where property_id = ?', row!.id);
      expect(body.properties.find((p: { id: number }) => p.id === row!.id)).toEqual({
        id: row!.id,
        companyId: 1,
        code: row!.code,
        name: row!.name,
        landlordId: row!.landlord_id,
        landlord: landlord!.name,
        zoneId: row!.zone_id,
        zone: zone!.name,
        fieldOfficerId: row!.field_officer_id,
        fieldOfficer: officer!.name,
        units: units!.n,
      });
      // Each zone's count is of its properties.
      for (const z of body.zones as { id: number; properties: number }[]) {
        expect(z.properties).toBe(sql<{ n: number }>('select count(*) as n from properties where zone_id = ?', z.id)[0]!.n);
      }
      // Zones in name order, landlords in code order.
      const names = body.zones.map((z: { name: string }) => z.name);
      expect(names).toEqual([...names].sort());
      const codes = body.landlords.map((l: { code: string }) => l.code);
      expect(codes).toEqual([...codes].sort());
    });

    it('an admin of the company reads it too; a cashier, another company and no token are refused', async () => {
      expect((await server.request('GET', PROPERTY_REFERENCE_PATH, { token: server.tokenFor(2, 'admin'), query: { companyId: 2 } })).status).toBe(200);
      const cashier = await server.request('GET', PROPERTY_REFERENCE_PATH, { token: server.tokenFor(1, 'cashier'), query: { companyId: 1 } });
      expect(cashier.status).toBe(403);
      expect(cashier.body).toMatchObject({ success: 'false', code: 'FORBIDDEN' });
      const other = await server.request('GET', PROPERTY_REFERENCE_PATH, { token: server.tokenFor(1, 'accountant'), query: { companyId: 2 } });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('company 2 is not the company of this token');
      expect((await server.request('GET', PROPERTY_REFERENCE_PATH, { query: { companyId: 1 } })).status).toBe(401);
      expect((await server.request('GET', PROPERTY_REFERENCE_PATH, { token: server.tokenFor(1, 'accountant') })).status).toBe(400);
    });

    it('is read by the client; a server without it (404) reads as "no lists"', async () => {
      const transport = createHttpTransport({ baseUrl: server.url });
      try {
        const reference = await fetchPropertyReference({ transport, token: server.tokenFor(1, 'accountant') }, 1);
        expect(reference?.landlords.length).toBe(sql<{ n: number }>('select count(*) as n from landlords where company_id = 1')[0]!.n);
        // Another server of the interface, over real HTTP: it has no such path.
        const other = await startServer((_request, response) => {
          response.writeHead(404, { 'content-type': 'text/html' });
          response.end('<h1>Not Found</h1>');
        });
        const elsewhere = createHttpTransport({ baseUrl: other.url });
        try {
          expect(await fetchPropertyReference({ transport: elsewhere, token: 'theirs' }, 1)).toBeUndefined();
          expect(other.seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${PROPERTY_REFERENCE_PATH}?companyId=1`]);
        } finally {
          await elsewhere.close();
          await other.close();
        }
        // A refusal is not taken for a missing endpoint.
        await expect(fetchPropertyReference({ transport, token: server.tokenFor(1, 'cashier') }, 1)).rejects.toMatchObject({ kind: 'forbidden' });
      } finally {
        await transport.close();
      }
    });
  });
});
