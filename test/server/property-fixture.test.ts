/**
 * The hand-worked Baobab Court fixture, imported into the server's store through the ledger
 * import, and every figure read back over HTTP.
 */
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaidBalanceResponse } from '../../src/contract/paid-balance.js';
import { PayAdvice } from '../../src/contract/pay-advice.js';
import { StatementsResponse } from '../../src/contract/statement.js';
import * as fx from '../fixtures/baobab-court.js';
import { importBaobabThrough, type BaobabIds } from '../helpers/baobab-store.js';
import { fullExpected } from '../helpers/fixture-ledger.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  describe('Baobab Court over HTTP', () => {
    let server: TestServer;
    let token: string;
    let ids: BaobabIds;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
      ids = await importBaobabThrough(server, 1);
      token = server.tokenFor(1, 'accountant');
    });
    afterAll(async () => server.close());

    const get = (path: string, query: Record<string, unknown>) => server.request('GET', path, { token, query });

    it.each([
      ['January', 1, fx.JANUARY_ROWS],
      ['February', 2, fx.FEBRUARY_ROWS],
      ['March', 3, fx.MARCH_ROWS],
    ] as const)('every paid-and-balance figure of %s', async (_name, month, expected) => {
      const response = await get('/api/propertystmt/paidbalance', { companyId: 1, propertyId: ids.propertyId, month, year: 2026 });
      expect(response.status).toBe(200);
      expect(Value.Check(PaidBalanceResponse, response.body)).toBe(true);
      const rows = response.body as Record<string, unknown>[];
      expect(rows.map((r) => [r.property, r.unitNo, r.tenant, r.marketRent, r.vacant, r.occupied])).toEqual(
        expected.map((e) => ['Baobab Court', e.unitNo, e.tenant, e.marketRent, e.tenant === 'VACANT' ? 1 : 0, e.tenant === 'VACANT' ? 0 : 1]),
      );
      rows.forEach((row, i) => {
        const figures = Object.fromEntries(fx.ROW_MONEY_FIELDS.map((field) => [field, row[field]]));
        expect(figures, `${expected[i]!.unitNo}`).toEqual(fullExpected(expected[i]!));
        expect(row.putmId === 0).toBe(expected[i]!.tenant === 'VACANT');
      });
    });

    it('gives the same rows by the fixture’s zone as by its property', async () => {
      const byZone = await get('/api/propertystmt/paidbalance', { companyId: 1, zoneId: ids.zoneId, month: 3, year: 2026 });
      const byProperty = await get('/api/propertystmt/paidbalance', { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026 });
      expect(byZone.body).toEqual(byProperty.body);
    });

    const adviceCases = [
      ['March COMBINED', { month: 3 }, fx.MARCH_COMBINED],
      ['March RENT_ONLY', { month: 3, lldPaymentType: 'RENT_ONLY' }, fx.MARCH_RENT_ONLY],
      ['March SERVICE_CHARGE_ONLY', { month: 3, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: 'service' }, fx.MARCH_SERVICE_ONLY],
      ['February COMBINED', { month: 2 }, fx.FEBRUARY_COMBINED],
    ] as const;

    it.each(adviceCases)('pay advice of %s', async (_name, query, expected) => {
      const q: Record<string, unknown> = { companyId: 1, propertyId: ids.propertyId, year: 2026, ...query };
      if (q.srvcId === 'service') q.srvcId = ids.serviceId;
      const response = await get('/api/propertystmt/payadvice', q);
      expect(response.status).toBe(200);
      expect(Value.Check(PayAdvice, response.body)).toBe(true);
      const a = response.body;
      expect(
        a.rentsList.map((l: Record<string, unknown>) => [
          l.unitNo,
          l.tenantName,
          l.monthlyCharge,
          l.invoiced,
          l.balanceBf,
          l.amountPaid,
          l.amountPaidTax,
          l.balanceCf,
        ]),
      ).toEqual(expected.lines);
      const { lines: _lines, ...figures } = expected;
      expect({ ...a, rentsList: undefined, expenseList: undefined }).toMatchObject(figures);
      expect(a.manFeesRate).toBe(7.5);
      expect(a.statementType).toBe('INTERIM');
      expect(a.expenseList).toEqual(
        fx.expenses
          .filter((e) => Number(e.date.slice(5, 7)) === q.month)
          .map((e) => ({ txnDate: expect.any(Number), description: e.description, amount: e.amount })),
      );
    });

    it('keeps SQL metacharacters and markup in data as plain data', async () => {
      const response = await get('/api/propertystmt/paidbalance', { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026 });
      expect(response.body.at(-1).tenant).toBe(fx.FRANK);
      const [reference] = await server.rows<{ reference: string }>(`select reference from receipts where reference like '%drop table%'`);
      expect(reference!.reference).toBe(`'; drop table receipts; --`);
    });

    it('a prepared FINAL statement shows the March figures; its negative balance opens April', async () => {
      const march = await server.shop.prepareStatement({
        companyId: 1,
        propertyId: ids.propertyId,
        month: 3,
        year: 2026,
        final: true,
        preparedByUserId: null,
        now: () => Date.UTC(2026, 3, 5),
      });
      expect(march.amtPyble).toBe(fx.MARCH_COMBINED.netAmountDue);
      const list = await get('/api/propertystmt/statements', { companyId: 1, landlordId: ids.landlordId, paidPosted: 'ALL' });
      expect(list.status).toBe(200);
      expect(Value.Check(StatementsResponse, list.body)).toBe(true);
      expect(list.body.count).toBe(1);
      expect(list.body.list[0]).toMatchObject({
        ...fx.MARCH_COMBINED_STATEMENT,
        statementType: 'FINAL',
        month: 'MARCH',
        year: 2026,
        propertyCode: 'BAO',
        lldCode: 'LL-BAO',
      });
      expect((await get('/api/propertystmt/payadvice', { companyId: 1, propertyId: ids.propertyId, month: 3, year: 2026 })).body.statementType).toBe('FINAL');

      // A positive amount due is paid out: April starts from 0.
      expect((await get('/api/propertystmt/payadvice', { companyId: 1, propertyId: ids.propertyId, month: 4, year: 2026 })).body.balanceBf).toBe(0);
      // April closes with a debt (no income, an expense): May's balanceBf carries it.
      await server.shop.importLedger(1, 'expenses', `property_code,date,description,amount\nBAO,2026-04-10,Roof <repair>,2500`);
      const april = await server.shop.prepareStatement({
        companyId: 1,
        propertyId: ids.propertyId,
        month: 4,
        year: 2026,
        final: true,
        preparedByUserId: null,
        now: () => Date.UTC(2026, 4, 5),
      });
      expect(april.amtPyble).toBe(-2500);
      const may = await get('/api/propertystmt/payadvice', { companyId: 1, propertyId: ids.propertyId, month: 5, year: 2026 });
      expect(may.body.balanceBf).toBe(-2500);
      expect(may.body.netAmountDue).toBe(-2500);
    });
  });
});
