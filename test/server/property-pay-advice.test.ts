import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayAdvice } from '../../src/contract/pay-advice.js';
import { BACKENDS, startTestServer, TEST_NOW, type TestServer } from '../helpers/local-server.js';
import { addMonths, monthOf } from '../../src/domain/month-range.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const PATH = '/api/propertystmt/payadvice';

  describe('GET /api/propertystmt/payadvice', () => {
    let server: TestServer;
    let token: string;
    const id = (sql: string) => (server.seeded.sqlite.prepare(sql).get() as { id: number }).id;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
      token = server.tokenFor(1, 'accountant');
    });
    afterAll(async () => server.close());

    const get = (query: Record<string, unknown>, as = token) => server.request('GET', PATH, { token: as, query });
    const lastMonth = addMonths(monthOf(TEST_NOW, 'Africa/Nairobi'), -1);

    it('answers the pay advice of each payment type, matching the contract', async () => {
      const serviceId = id(`select id from services where company_id = 1 and name = 'Service charge'`);
      const combined = await get({ companyId: 1, propertyId: 1, ...lastMonth });
      const rentOnly = await get({ companyId: 1, propertyId: 1, ...lastMonth, lldPaymentType: 'RENT_ONLY' });
      const serviceOnly = await get({ companyId: 1, propertyId: 1, ...lastMonth, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: serviceId });
      for (const response of [combined, rentOnly, serviceOnly]) {
        expect(response.status).toBe(200);
        expect(Value.Check(PayAdvice, response.body)).toBe(true);
      }
      expect(combined.body.periodIncome).toBeCloseTo(rentOnly.body.periodIncome + serviceOnly.body.periodIncome, 2);
      expect(rentOnly.body.totalUtility).toBe(0);
      expect(serviceOnly.body.rentReceived).toBe(0);
      const cents = (v: number) => Math.round(v * 100);
      const a = combined.body;
      expect(cents(a.netAmountDue)).toBe(
        cents(a.balanceBf) + cents(a.periodIncome) + cents(a.taxReceived) - cents(a.totalDeductions) - cents(a.deferredPayment),
      );
      expect(a.withEffectTo - a.withEffectFrom + 1).toBeGreaterThan(27 * 86_400_000);
      expect(a.rentsList.some((l: { tenantName: string }) => l.tenantName === 'VACANT')).toBe(true);
    });

    it('says FINAL for a month with a FINAL statement, INTERIM otherwise', async () => {
      const final = addMonths(lastMonth, -2);
      expect((await get({ companyId: 1, propertyId: 1, ...final })).body.statementType).toBe('FINAL');
      expect((await get({ companyId: 1, propertyId: 1, ...lastMonth })).body.statementType).toBe('INTERIM');
    });

    it('covers every service charge with SERVICE_CHARGE_ONLY and no srvcId (as the landlord portal asks)', async () => {
      // The demo's units have one service charge ("Service charge"; water bills are other dues),
      // so every service charge is that service's figures, under its own label.
      const serviceId = id(`select id from services where company_id = 1 and name = 'Service charge'`);
      const all = await get({ companyId: 1, propertyId: 1, ...lastMonth, lldPaymentType: 'SERVICE_CHARGE_ONLY' });
      const one = await get({ companyId: 1, propertyId: 1, ...lastMonth, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: serviceId });
      expect(all.status).toBe(200);
      expect(Value.Check(PayAdvice, all.body)).toBe(true);
      expect(all.body.totalUtility).toBeGreaterThan(0);
      expect({ ...all.body, stmtIncomeLabel: '' }).toEqual({ ...one.body, stmtIncomeLabel: '' });
      expect(all.body.stmtIncomeLabel).toBe('Service charges received');
    });

    it('refuses bad parameters with 400', async () => {
      for (const query of [
        { propertyId: 1 },
        { companyId: 1 },
        { companyId: 1, propertyId: 1, lldPaymentType: 'EVERYTHING' },
        { companyId: 1, propertyId: 1, month: 0 },
        { companyId: 1, propertyId: 1, month: 13 },
        { companyId: 1, propertyId: 'x' },
        { companyId: 1, propertyId: 1, srvcId: "1' --" },
      ]) {
        const response = await get(query);
        expect(response.status, JSON.stringify(query)).toBe(400);
      }
      expect((await get({ companyId: 1, propertyId: 1, lldPaymentType: 'EVERYTHING' })).body.message).toMatch(/COMBINED, RENT_ONLY, SERVICE_CHARGE_ONLY/);
    });

    it('answers 404 for an unknown property or service, 403 for another company’s', async () => {
      expect((await get({ companyId: 1, propertyId: 999_999 })).status).toBe(404);
      expect((await get({ companyId: 1, propertyId: 1, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: 999_999 })).status).toBe(404);
      const foreignProperty = id('select min(id) as id from properties where company_id = 2');
      const foreignService = id('select min(id) as id from services where company_id = 2');
      const p = await get({ companyId: 1, propertyId: foreignProperty });
      expect(p.status).toBe(403);
      expect(p.body).not.toHaveProperty('rentsList');
      expect((await get({ companyId: 1, propertyId: 1, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: foreignService })).status).toBe(403);
      expect((await get({ companyId: 2, propertyId: foreignProperty })).status).toBe(403);
      expect((await get({ companyId: 1, propertyId: 1 }, server.tokenFor(1, 'cashier'))).status).toBe(403);
      expect((await get({ companyId: 1, propertyId: 1 }, server.tokenFor(1, 'admin'))).status).toBe(200);
    });
  });
});
