/** How sales were paid (GET /api/local/sale-payments): channels, references, cash tendered and change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../src/client/http-transport.js';
import { fetchSalePayments } from '../../src/client/sale-payments.js';
import { SALE_PAYMENTS_PATH } from '../../src/contract/sale-payments.js';
import { SALE_PAYMENTS } from '../../src/store/units/sales-reads.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const SAVE = '/api/inventorycashsale/save';

  describe('sale payments', () => {
    let server: TestServer;
    let cashier: string;
    let refs: CompanyRefs;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
      cashier = server.tokenFor(1, 'cashier');
      refs = companyRefs(server.seeded, 1);
    });
    afterAll(async () => server.close());

    const save = async (body: unknown) => {
      const response = await server.request('POST', SAVE, { token: cashier, body });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.id as number;
    };

    it('lists each channel of a split sale with its reference, and the cash tendered with the change', async () => {
      // 600 cash out of 1,000 handed over, 400 by M-Pesa: 1,000 paid, change 400.
      const body = saleBody(refs, [accessoryLine(refs, 3)], { paid: 1000 });
      body.channelsDto = [
        { channelId: refs.channels.CASH, referenceNo: '', amount: 600, tendered: 1000 },
        { channelId: refs.channels.MPESA, referenceNo: 'QKX7Y2Z9AB', amount: 400 },
      ];
      const id = await save(body);
      const { status, body: reply } = await server.request('GET', SALE_PAYMENTS_PATH, { token: cashier, query: { companyId: 1, saleIds: String(id) } });
      expect(status).toBe(200);
      expect(reply.list).toEqual([
        { saleId: id, channelId: refs.channels.CASH, name: 'Cash', method: 'CASH', referenceNo: null, amount: 600, tendered: 1000, change: 400 },
        {
          saleId: id,
          channelId: refs.channels.MPESA,
          name: 'M-Pesa till 512345',
          method: 'MPESA',
          referenceNo: 'QKX7Y2Z9AB',
          amount: 400,
          tendered: null,
          change: null,
        },
      ]);
    });

    it('gives a sale saved without channels one payment of its amount by its method, and a sale on credit none', async () => {
      const plain = await save({
        ...saleBody(refs, [accessoryLine(refs, 1)], { paid: 250 }),
        channelsDto: undefined,
        paymentMethod: 'CHECK',
        transactionType: 'CHECK',
      });
      const credit = await save(saleBody(refs, [accessoryLine(refs, 1)], { paid: 0 }));
      const payments = await fetchSalePayments({ transport: createHttpTransport({ baseUrl: server.url }), token: cashier }, 1, [plain, credit]);
      expect(payments?.get(plain)).toEqual([
        { saleId: plain, channelId: null, name: 'CHECK', method: 'CHECK', referenceNo: null, amount: 250, tendered: null, change: null },
      ]);
      expect(payments?.get(credit)).toEqual([]);
    });

    it('refuses cash tendered below the amount it pays', async () => {
      const body = saleBody(refs, [accessoryLine(refs, 1)], { paid: 500 });
      body.channelsDto = [{ channelId: refs.channels.CASH, referenceNo: '', amount: 500, tendered: 400 }];
      const response = await server.request('POST', SAVE, { token: cashier, body });
      expect(response.status).toBe(405);
      expect(response.body.message).toContain('channelsDto[0].tendered 400 is less than the amount paid, 500');
    });

    it("shows no other company's sales, and refuses another company (403)", async () => {
      const other = server.seeded.sqlite.prepare('select id from cash_sales where company_id = 2 limit 1').get() as { id: number };
      const { body } = await server.request('GET', SALE_PAYMENTS_PATH, { token: cashier, query: { companyId: 1, saleIds: String(other.id) } });
      expect(body.list).toEqual([]);
      expect((await server.request('GET', SALE_PAYMENTS_PATH, { token: cashier, query: { companyId: 2, saleIds: String(other.id) } })).status).toBe(403);
    });
  });
});

// A query plan is SQLite's own: this test runs on SQLite only.
describe('sale payments on SQLite only', () => {
  let sqliteServer: TestServer;
  beforeAll(async () => {
    sqliteServer = await startTestServer({ demo: false });
  });
  afterAll(async () => sqliteServer.close());

  it("finds the sales by id, never by walking every sale of the company (SQLite's query plan)", () => {
    // The SQLite text numbers its parameters (?1 company, ?2 the ids): better-sqlite3 binds them by key.
    const plan = (sqliteServer.store.sqlite.prepare(`explain query plan ${SALE_PAYMENTS.sqlite}`).all({ 1: 1, 2: '[1,2]' }) as { detail: string }[]).map(
      (row) => row.detail,
    );
    expect(plan).toContain('SEARCH s USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan.filter((detail) => /^(SCAN|SEARCH) s USING (COVERING )?INDEX/.test(detail))).toEqual([]);
  });
});
