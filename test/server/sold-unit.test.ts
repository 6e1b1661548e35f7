/** A unit already sold is named with the sale that sold it: in the save's refusal and in the unit lookup. */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_LOOKUP_PATH } from '../../src/contract/unit-lookup.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { companyRefs, saleBody, unitLine, unitsInStock } from '../helpers/sale-fixtures.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const SAVE = '/api/inventorycashsale/save';

  describe('a unit already sold', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
    });
    afterAll(async () => server.close());

    it('is refused naming the receipt that sold it, when (company zone) and by whom; the lookup by IMEI says the same', async () => {
      const cashier = server.tokenFor(1, 'cashier');
      const refs = companyRefs(server.seeded, 1);
      const [unit] = unitsInStock(server.seeded, 1, 1);
      const first = await server.request('POST', SAVE, { token: cashier, body: saleBody(refs, [unitLine(unit!)]) });
      expect(first.status).toBe(200);
      const [sold] = await server.rows<{ receipt_no: string; issue_date: number; user: string; shop: string }>(
        'select s.receipt_no, s.issue_date, u.name as user, sh.name as shop from cash_sales s join users u on u.id = s.user_id join retail_shops sh on sh.id = s.retail_shop_id where s.id = ?',
        first.body.id,
      );
      if (!sold) throw new Error('the saved sale is not in the store');
      const when = format(sold.issue_date, 'yyyy-MM-dd HH:mm', { in: tz('Africa/Nairobi') });
      const expected = `unit ${unit!.id} (IMEI ${unit!.imei1}) is already sold: receipt ${sold.receipt_no}, ${when}, by ${sold.user} at ${sold.shop}`;

      const again = await server.request('POST', SAVE, { token: cashier, body: saleBody(refs, [unitLine(unit!)]) });
      expect(again.status).toBe(405);
      expect(again.body.message).toContain(`itemIssuesDto[0].invItemSpecsId: ${expected}`);

      const lookup = await server.request('GET', UNIT_LOOKUP_PATH, { token: cashier, query: { companyId: 1, identifier: unit!.imei1 } });
      expect(lookup.status).toBe(200);
      expect(lookup.body.list).toEqual([
        expect.objectContaining({
          id: unit!.id,
          imei1: unit!.imei1,
          status: 'sold',
          sale: { saleId: first.body.id, receiptNo: sold.receipt_no, issueDate: sold.issue_date, soldBy: sold.user, shop: sold.shop },
        }),
      ]);
      // Another company's token sees nothing of company 1, and may not ask for it.
      expect(
        (await server.request('GET', UNIT_LOOKUP_PATH, { token: server.tokenFor(2, 'cashier'), query: { companyId: 1, identifier: unit!.imei1 } })).status,
      ).toBe(403);
      expect(
        (await server.request('GET', UNIT_LOOKUP_PATH, { token: server.tokenFor(2, 'cashier'), query: { companyId: 2, identifier: unit!.imei1 } })).body.list,
      ).toEqual([]);
    });
  });
});
