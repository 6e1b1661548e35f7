import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaidBalanceResponse } from '../../src/contract/paid-balance.js';
import { compareNatural } from '../../src/domain/natural-order.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const PATH = '/api/propertystmt/paidbalance';

  describe('GET /api/propertystmt/paidbalance', () => {
    let server: TestServer;
    let token: string;
    let otherCompanyProperty: number;
    // The server's clock: the real one, unless a test sets an instant.
    let now: number | undefined;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres, now: () => now ?? Date.now() });
      token = server.tokenFor(1, 'accountant');
      otherCompanyProperty = (server.seeded.sqlite.prepare('select min(id) as id from properties where company_id = 2').get() as { id: number }).id;
    });
    afterAll(async () => server.close());

    const get = (query: Record<string, unknown>, as = token) => server.request('GET', PATH, { token: as, query });

    it('answers a bare array of rows that match the contract, in natural unit order', async () => {
      const response = await get({ companyId: 1, propertyId: 1, month: 10, year: 2026 });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.status).toBe(200);
      expect(Value.Check(PaidBalanceResponse, response.body)).toBe(true);
      const rows = response.body as {
        unitNo: string;
        property: string;
        vacant: number;
        occupied: number;
        tenant: string;
        putmId: number;
        tntAccount: string;
        phoneNo: string;
        stmtSection: string;
      }[];
      expect(rows.length).toBeGreaterThan(3);
      expect(rows.map((r) => r.unitNo)).toEqual([...rows.map((r) => r.unitNo)].sort(compareNatural));
      expect(new Set(rows.map((r) => r.property)).size).toBe(1);
      const vacant = rows.filter((r) => r.vacant === 1);
      expect(vacant.length).toBeGreaterThan(0);
      expect(vacant.every((r) => r.tenant === 'VACANT' && r.occupied === 0 && r.putmId === 0 && r.tntAccount === '' && r.phoneNo === '')).toBe(true);
      expect(rows.every((r) => r.stmtSection === 'RENT')).toBe(true);
    });

    it('keeps bf + charged - paid = cf on every row of the company', async () => {
      const response = await get({ companyId: 1, zoneId: 1, month: 9, year: 2026 });
      expect(response.status).toBe(200);
      const rows = response.body as Record<string, number>[];
      const unitsInZone = server.seeded.sqlite
        .prepare('select count(*) as n from units u join properties p on p.id = u.property_id where p.company_id = 1 and p.zone_id = 1')
        .get() as { n: number };
      expect(unitsInZone.n).toBeGreaterThan(0);
      expect(rows.length).toBeGreaterThanOrEqual(unitsInZone.n);
      // Rows that owe or hold something, so the sums below are not all of zeros.
      expect(rows.filter((r) => r.rentBalCf !== 0).length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.srvcBalCf !== 0).length).toBeGreaterThan(0);
      const cents = (v: number) => Math.round(v * 100);
      for (const r of rows) {
        expect(cents(r.rentBalBf!)).toBe(cents(r.rentWoTaxPrev!) + cents(r.rentTaxPrev!) - cents(r.paidRentPrev!));
        expect(cents(r.srvcBalBf!)).toBe(cents(r.srvcWoTaxPrev!) + cents(r.srvcTaxPrev!) - cents(r.paidSrvcPrev!));
        expect(cents(r.totalBf!)).toBe(cents(r.rentBalBf!) + cents(r.srvcBalBf!));
        expect(cents(r.rentBalCf!)).toBe(cents(r.rentBalBf!) + cents(r.rentWoTax!) + cents(r.rentTax!) - cents(r.paidRent!) - cents(r.paidRentTax!));
        expect(cents(r.srvcBalCf!)).toBe(cents(r.srvcBalBf!) + cents(r.srvcWoTax!) + cents(r.srvcTax!) - cents(r.paidSrvc!) - cents(r.paidSrvcTax!));
        expect(cents(r.totalCf!)).toBe(cents(r.rentBalCf!) + cents(r.srvcBalCf!));
      }
    });

    it('accepts each filter combination and returns only the filtered properties', async () => {
      const zone = await get({ companyId: 1, zoneId: 1, month: 10, year: 2026 });
      const officer = await get({ companyId: 1, fieldOfficerId: 1, month: 10, year: 2026 });
      const both = await get({ companyId: 1, zoneId: 1, fieldOfficerId: 1, month: 10, year: 2026 });
      for (const response of [zone, officer, both]) {
        expect(response.status).toBe(200);
        expect(Value.Check(PaidBalanceResponse, response.body)).toBe(true);
      }
      const inZone = server.seeded.sqlite.prepare('select name from properties where company_id = 1 and zone_id = 1').all() as { name: string }[];
      expect(new Set((zone.body as { property: string }[]).map((r) => r.property))).toEqual(new Set(inZone.map((p) => p.name)));
      const inBoth = server.seeded.sqlite
        .prepare('select count(*) as n from units u join properties p on p.id = u.property_id where p.zone_id = 1 and p.field_officer_id = 1')
        .get() as { n: number };
      expect((both.body as unknown[]).length).toBeGreaterThanOrEqual(inBoth.n);
      expect((both.body as unknown[]).length).toBeLessThanOrEqual((zone.body as unknown[]).length);
    });

    it('defaults to the current month in the company’s zone (Nairobi, UTC+3), on either side of midnight at a month end', async () => {
      const october = await get({ companyId: 1, propertyId: 1, month: 10, year: 2026 });
      const november = await get({ companyId: 1, propertyId: 1, month: 11, year: 2026 });
      expect(october.body).not.toEqual(november.body);
      try {
        now = Date.UTC(2026, 9, 31, 20, 59, 59); // 23:59:59 on 31 October in Nairobi
        const lastSecond = await get({ companyId: 1, propertyId: 1 });
        expect(lastSecond.status).toBe(200);
        expect(lastSecond.body).toEqual(october.body);
        now = Date.UTC(2026, 9, 31, 21, 0, 0); // midnight, 1 November in Nairobi (still 31 October in UTC)
        expect((await get({ companyId: 1, propertyId: 1 })).body).toEqual(november.body);
      } finally {
        now = undefined;
      }
    });

    it('refuses a request without a filter, or with an unaccepted combination, naming the accepted ones', async () => {
      for (const query of [{ companyId: 1 }, { companyId: 1, zoneId: 1, propertyId: 1 }, { companyId: 1, propertyId: 1, fieldOfficerId: 1 }]) {
        const response = await get(query);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ success: 'false', code: 'BAD_REQUEST' });
        expect(response.body.message).toMatch(/accepted: companyId \+ zoneId.*companyId \+ fieldOfficerId.*companyId \+ propertyId/);
      }
    });

    it('refuses a missing companyId, month 0 and 13, non-numeric ids and SQL in parameters', async () => {
      const cases = [
        { propertyId: 1 },
        { companyId: 1, propertyId: 1, month: 0, year: 2026 },
        { companyId: 1, propertyId: 1, month: 13, year: 2026 },
        { companyId: 'one', propertyId: 1 },
        { companyId: 1, propertyId: 'abc' },
        { companyId: 1, propertyId: '1 OR 1=1' },
        { companyId: 1, propertyId: '1; drop table units; --' },
        { companyId: 1, zoneId: "1' or '1'='1" },
        { companyId: 1, propertyId: 1, year: 'last' },
      ];
      for (const query of cases) {
        const response = await get(query);
        expect(response.status, JSON.stringify(query)).toBe(400);
        expect(response.body.success).toBe('false');
      }
      expect((await get({ propertyId: 1 })).body.message).toMatch(/companyId/);
      expect((await get({ companyId: 1, propertyId: 1, month: 13 })).body.message).toMatch(/month/);
      // The server's own store (PostgreSQL's on that backend) still has every unit of the demo.
      const [units] = await server.rows<{ n: number }>('select count(*) as n from units');
      expect(Number(units!.n)).toBe((server.seeded.sqlite.prepare('select count(*) as n from units').get() as { n: number }).n);
    });

    it('answers 404 for unknown ids', async () => {
      for (const query of [
        { companyId: 1, propertyId: 999_999 },
        { companyId: 1, zoneId: 999_999 },
        { companyId: 1, fieldOfficerId: 999_999 },
      ]) {
        const response = await get(query);
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('NOT_FOUND');
      }
    });

    it('answers 403 with no data for another company, its ids, and a cashier', async () => {
      const other = await get({ companyId: 2, zoneId: 1 });
      expect(other.status).toBe(403);
      expect(Object.keys(other.body).sort()).toEqual(['code', 'message', 'success']);
      const foreignProperty = await get({ companyId: 1, propertyId: otherCompanyProperty });
      expect(foreignProperty.status).toBe(403);
      expect(JSON.stringify(foreignProperty.body)).not.toMatch(/unitNo|tenant/);
      const cashier = await get({ companyId: 1, propertyId: 1 }, server.tokenFor(1, 'cashier'));
      expect(cashier.status).toBe(403);
      expect(cashier.body.message).toMatch(/cashier/);
      expect((await server.request('GET', PATH, { query: { companyId: 1, propertyId: 1 } })).status).toBe(401);
    });
  });
});
