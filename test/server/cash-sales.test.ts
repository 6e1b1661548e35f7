import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashSaleRecord, SaleItemRecord, SaveCashSaleResponse } from '../../src/contract/cash-sale.js';
import { fromCents } from '../../src/domain/money.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, line, saleBody, unitLine, unitsInStock, unitsInStockOf, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const LIST = '/api/inventorycashsale/list';
  const ITEMS = '/api/inventorycashsale/list_sale_items';
  const SAVE = '/api/inventorycashsale/save';

  let server: TestServer;
  let admin1: string;
  let cashier1: string;
  let accountant1: string;
  let refs1: CompanyRefs;
  let refs2: CompanyRefs;

  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
    admin1 = server.tokenFor(1, 'admin');
    cashier1 = server.tokenFor(1, 'cashier');
    accountant1 = server.tokenFor(1, 'accountant');
    refs1 = companyRefs(server.seeded, 1);
    refs2 = companyRefs(server.seeded, 2);
  });
  afterAll(async () => server.close());

  const count = async (sql: string, ...params: unknown[]) => Number((await server.rows<{ n: number }>(sql, ...params))[0]!.n);
  const save = (body: unknown, token = cashier1, headers: Record<string, string> = {}) => server.request('POST', SAVE, { token, body, headers });

  describe('cash sale list', () => {
    it('companyId alone returns every sale of the company, newest first, as contract records', async () => {
      const response = await server.request('GET', LIST, { token: accountant1, query: { companyId: 1 } });
      expect(response.status).toBe(200);
      const total = await count('select count(*) as n from cash_sales where company_id = 1');
      expect(response.body.count).toBe(total);
      expect(response.body.list).toHaveLength(total);
      for (const record of response.body.list.slice(0, 50)) expect(Value.Check(CashSaleRecord, record)).toBe(true);
      const keys = response.body.list.map((r: CashSaleRecord) => [r.issueDate, r.id]);
      for (let i = 1; i < keys.length; i++) {
        const [d0, id0] = keys[i - 1];
        const [d1, id1] = keys[i];
        expect(d0 > d1 || (d0 === d1 && id0 > id1)).toBe(true);
      }
      expect(response.body.list.every((r: CashSaleRecord) => r.companyId === 1)).toBe(true);
    });

    it('companyId with start and limit returns one page; a page walk equals the whole list', async () => {
      const all = (await server.request('GET', LIST, { token: admin1, query: { companyId: 1 } })).body.list;
      const walked: CashSaleRecord[] = [];
      for (let start = 0; start < all.length; start += 100) {
        const page = await server.request('GET', LIST, { token: admin1, query: { companyId: 1, start, limit: 100 } });
        expect(page.status).toBe(200);
        expect(page.body.count).toBe(all.length);
        walked.push(...page.body.list);
      }
      expect(walked).toEqual(all);
      // a page asked out of order is the same slice
      const page = await server.request('GET', LIST, { token: admin1, query: { companyId: 1, start: 437, limit: 13 } });
      expect(page.body.list).toEqual(all.slice(437, 450));
    });

    it('a page walk stays exact when a sale is saved between pages', async () => {
      const first = await server.request('GET', LIST, { token: admin1, query: { companyId: 1, start: 0, limit: 10 } });
      await server.request('GET', LIST, { token: admin1, query: { companyId: 1, start: 10, limit: 10 } });
      const saved = await save(saleBody(refs1, [accessoryLine(refs1)]));
      expect(saved.status).toBe(200);
      const next = await server.request('GET', LIST, { token: admin1, query: { companyId: 1, start: 10, limit: 10 } });
      const all = (await server.request('GET', LIST, { token: admin1, query: { companyId: 1 } })).body.list;
      expect(next.body.list).toEqual(all.slice(10, 20));
      expect(all[0].id).toBe(saved.body.id);
      expect(first.body.list[0].id).not.toBe(saved.body.id);
    });

    it("retailShopId alone and salesPersonId alone return that shop or person's sales", async () => {
      const byShop = await server.request('GET', LIST, { token: cashier1, query: { retailShopId: refs1.shopId } });
      expect(byShop.status).toBe(200);
      expect(byShop.body.count).toBe(await count('select count(*) as n from cash_sales where retail_shop_id = ?', refs1.shopId));
      expect(byShop.body.list.length).toBe(byShop.body.count);
      expect(byShop.body.list.every((r: CashSaleRecord) => r.retailShopId === refs1.shopId)).toBe(true);
      const byUser = await server.request('GET', LIST, { token: cashier1, query: { salesPersonId: refs1.userId } });
      expect(byUser.status).toBe(200);
      // Complete: every sale of the person, not just some of them.
      expect(byUser.body.count).toBe(await count('select count(*) as n from cash_sales where user_id = ?', refs1.userId));
      expect(byUser.body.count).toBeGreaterThan(0);
      expect(byUser.body.list.length).toBe(byUser.body.count);
      expect(byUser.body.list.every((r: CashSaleRecord) => r.userId === refs1.userId)).toBe(true);
      // The very sales the store holds for the person, each once.
      const ids = (await server.rows<{ id: number }>('select id from cash_sales where user_id = ? order by id', refs1.userId)).map((r) => Number(r.id));
      expect(byUser.body.list.map((r: CashSaleRecord) => r.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    });

    it('refuses unaccepted parameter combinations with 400 naming the accepted shapes', async () => {
      for (const query of [{ companyId: 1, retailShopId: refs1.shopId }, { companyId: 1, start: 0 }, { retailShopId: refs1.shopId, start: 0, limit: 5 }, {}]) {
        const response = await server.request('GET', LIST, { token: admin1, query });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ success: 'false', code: 'BAD_REQUEST' });
        expect(response.body.message).toContain('companyId; retailShopId; salesPersonId; companyId + start + limit');
      }
    });

    it('refuses non-numeric ids and paging out of range with 400', async () => {
      for (const query of [
        { companyId: 'abc' },
        { companyId: '1 or 1=1' },
        { companyId: 1, start: -1, limit: 5 },
        { companyId: 1, start: 0, limit: 5000 },
        { retailShopId: '1.5' },
      ]) {
        const response = await server.request('GET', LIST, { token: admin1, query });
        expect(response.status, JSON.stringify(query)).toBe(400);
        expect(response.body.success).toBe('false');
      }
    });

    it("another company's companyId, shop or sales person is 403 with no data; an unknown shop 404", async () => {
      for (const query of [{ companyId: 2 }, { retailShopId: refs2.shopId }, { salesPersonId: refs2.userId }, { companyId: 2, start: 0, limit: 5 }]) {
        const response = await server.request('GET', LIST, { token: accountant1, query });
        expect(response.status).toBe(403);
        expect(response.body.list).toBeUndefined();
        expect(response.body.code).toBe('FORBIDDEN');
      }
      expect((await server.request('GET', LIST, { token: admin1, query: { retailShopId: 999_999 } })).status).toBe(404);
    });
  });

  describe('sale item list', () => {
    it('returns every line of the company as contract records, newest first', async () => {
      const response = await server.request('GET', ITEMS, { token: accountant1, query: { companyId: 1 } });
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(await count('select count(*) as n from cash_sale_lines where company_id = 1'));
      expect(response.body.list).toHaveLength(response.body.count);
      for (const record of response.body.list.slice(0, 100)) expect(Value.Check(SaleItemRecord, record)).toBe(true);
      // Built as JSON text by the store: every field of the contract, in its order.
      expect(Object.keys(response.body.list[0])).toEqual(Object.keys(SaleItemRecord.properties));
    });

    it("filters by shop, sales person (the sale's user), product and category, and pages", async () => {
      const all: { retailShopId: number; userId: number; itemProductId: number; itemProductCatId: number; id: number }[] = (
        await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1 } })
      ).body.list;
      const sample = all[5]!;
      const cases: [Record<string, number>, (r: (typeof all)[number]) => boolean][] = [
        [{ retailShopId: sample.retailShopId }, (r) => r.retailShopId === sample.retailShopId],
        [{ salesPersonId: sample.userId }, (r) => r.userId === sample.userId],
        [{ itemId: sample.itemProductId }, (r) => r.itemProductId === sample.itemProductId],
        [{ itemCategoryId: sample.itemProductCatId }, (r) => r.itemProductCatId === sample.itemProductCatId],
        [
          { retailShopId: sample.retailShopId, itemCategoryId: sample.itemProductCatId },
          (r) => r.retailShopId === sample.retailShopId && r.itemProductCatId === sample.itemProductCatId,
        ],
      ];
      for (const [filter, keep] of cases) {
        const expected = all.filter(keep);
        const response = await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1, ...filter } });
        expect(response.status).toBe(200);
        expect(response.body.count).toBe(expected.length);
        expect(response.body.list).toEqual(expected.map((e) => expect.objectContaining({ id: e.id })));
        const page = await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1, ...filter, start: 2, limit: 3 } });
        expect(page.body.count).toBe(expected.length);
        expect(page.body.list.map((r: { id: number }) => r.id)).toEqual(expected.slice(2, 5).map((e) => e.id));
      }
    });

    it("carries each line's stored amounts exactly: cents / 100, quantities in thousandths, rates in basis points", async () => {
      const list = (await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1 } })).body.list as SaleItemRecord[];
      for (const record of list.slice(0, 200)) {
        const [row] = await server.rows<{ qty_milli: number; tax_rate_bp: number } & Record<string, number | null>>(
          'select * from cash_sale_lines where id = ?',
          record.id,
        );
        if (!row) throw new Error(`line ${record.id} is not in the store`);
        const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? cents : fromCents(cents));
        expect(record).toMatchObject({
          itemProductId: row.item_product_id,
          invItemSpecsId: row.item_spec_id,
          batchItemIssueId: row.sale_id,
          buyingPrice: money(row.price_cents),
          originalBuyingPrice: money(row.original_price_cents),
          defaultBuyingPrice: money(row.default_price_cents),
          unitCost: money(row.unit_cost_cents),
          qty: row.qty_milli / 1000,
          discount: money(row.discount_cents),
          taxIncExc: String(row.tax_inc_exc),
          taxRate: row.tax_rate_bp / 100,
          taxAmount: money(row.tax_cents),
          lineTotal: money(row.line_total_cents),
          profit: money(row.profit_cents),
          issueDate: row.issue_date,
        });
      }
    });

    it("carries quantities with decimals and the sale's header fields", async () => {
      const response = await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1 } });
      const half = response.body.list.find((r: SaleItemRecord) => r.qty === 0.5);
      expect(half).toBeDefined();
      expect(half.taxIncExc).toBe('0');
      expect(typeof half.issuedTo).toBe('string');
    });

    it('names the sale each line belongs to in batchItemIssueId', async () => {
      const sales = (await server.request('GET', LIST, { token: admin1, query: { companyId: 1 } })).body.list as CashSaleRecord[];
      const items = (await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1 } })).body.list as SaleItemRecord[];
      const byId = new Map(sales.map((sale) => [sale.id, sale]));
      for (const line of items) {
        const sale = byId.get(line.batchItemIssueId!);
        expect(sale, `line ${line.id}`).toBeDefined();
        expect(line.refNo).toBe(sale!.refNo);
        expect(line.issueDate).toBe(sale!.issueDate);
      }
      const totals = new Map<number, number>();
      for (const line of items) totals.set(line.batchItemIssueId!, (totals.get(line.batchItemIssueId!) ?? 0) + Math.round(line.lineTotal * 100));
      for (const [saleId, cents] of totals) expect(cents, `sale ${saleId}`).toBe(Math.round(byId.get(saleId)!.totalAmount * 100));
    });

    it('refuses non-numeric filters (400), another company (403) and its filter ids (403)', async () => {
      expect((await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1, itemId: 'x' } })).status).toBe(400);
      expect((await server.request('GET', ITEMS, { token: admin1, query: { retailShopId: refs1.shopId } })).status).toBe(400);
      expect((await server.request('GET', ITEMS, { token: admin1, query: { companyId: 2 } })).status).toBe(403);
      const foreign = await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1, retailShopId: refs2.shopId } });
      expect(foreign.status).toBe(403);
      expect(foreign.body.list).toBeUndefined();
      expect((await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1, itemCategoryId: 999_999 } })).status).toBe(404);
    });
  });

  describe('cash sale save', () => {
    it('saves a sale with a serialised unit and a decimal quantity, numbers its receipt and marks the unit sold', async () => {
      const [unit] = await unitsInStockOf(server, 1, 1);
      const film = server.seeded.sqlite
        .prepare(
          `select p.id, p.price_cents, p.cost_cents, p.tax_rate_id, t.rate_bp, p.tax_inc_exc from item_products p join tax_rates t on t.id = p.tax_rate_id where p.company_id = 1 and p.name like 'Screen film%'`,
        )
        .get() as Record<string, number>;
      const filmLine = line({
        item: 'Screen film',
        itemProductId: film.id!,
        buyingPrice: film.price_cents! / 100,
        unitCost: film.cost_cents! / 100,
        qty: 0.5,
        discount: 0,
        taxIncExc: film.tax_inc_exc as 0 | 1,
        taxRateId: film.tax_rate_id!,
        taxRate: film.rate_bp! / 100,
      });
      const body = saleBody(refs1, [unitLine(unit!), filmLine, accessoryLine(refs1, 2, 100)]);
      const seq = await count('select receipt_seq as n from companies where id = 1');
      const response = await save(body);
      expect(response.status).toBe(200);
      expect(Value.Check(SaveCashSaleResponse, response.body)).toBe(true);
      expect(response.body).toMatchObject({ success: 'true', message: 'saved', receiptNo: `R${String(seq + 1).padStart(6, '0')}` });
      const [stored] = await server.rows<Record<string, number>>('select * from cash_sales where id = ?', response.body.id);
      expect(stored!.total_amount_cents).toBe(Math.round(body.totalAmount * 100));
      expect(stored!.balance_cents).toBe(0);
      expect(await server.rows('select status from item_specs where id = ?', unit!.id)).toEqual([{ status: 'sold' }]);
      // A unit's line keeps the unit's own sale price as its original price; other lines the product's.
      const originals = await server.rows<Record<string, number | null>>(
        'select item_spec_id, original_price_cents, default_price_cents from cash_sale_lines where sale_id = ? order by line_no',
        response.body.id,
      );
      expect(originals[0]).toMatchObject({ item_spec_id: unit!.id, original_price_cents: Math.round(unit!.price * 100) });
      expect(originals[1]).toMatchObject({ item_spec_id: null, original_price_cents: film.price_cents });
      const receipt = await server.request('GET', '/api/itemcatalogspecs/list_for_receipt', { token: cashier1, query: { companyId: 1 } });
      expect(receipt.body.list.some((r: { id: number }) => r.id === unit!.id)).toBe(false);
    });

    it('saves a part-paid sale with split channels; the rest is a credit balance', async () => {
      const body = saleBody(refs1, [accessoryLine(refs1, 3)], { paid: 3000 });
      body.channelsDto = [
        { channelId: refs1.channels.CASH, referenceNo: '', amount: 1000 },
        { channelId: refs1.channels.MPESA, referenceNo: 'QK12AB34CD', amount: 2000 },
      ];
      const response = await save(body);
      expect(response.status).toBe(200);
      const [stored] = await server.rows('select amount_paid_cents, balance_cents, total_amount_cents from cash_sales where id = ?', response.body.id);
      expect(stored).toEqual({
        amount_paid_cents: 300_000,
        total_amount_cents: Math.round(body.totalAmount * 100),
        balance_cents: Math.round(body.totalAmount * 100) - 300_000,
      });
      expect(await count('select count(*) as n from cash_sale_channels where sale_id = ?', response.body.id)).toBe(2);
    });

    it('refuses totals that differ by more than 0.01, naming every field with sent and expected values', async () => {
      const body = saleBody(refs1, [accessoryLine(refs1)]);
      const ok = await save({ ...body, totalTax: body.totalTax + 0.01 });
      expect(ok.status).toBe(200);
      const response = await save({ ...body, totalAmount: body.totalAmount + 1, totalTax: 0, amountPaid: body.totalAmount + 1, channelsDto: [] });
      expect(response.status).toBe(405);
      expect(response.body.code).toBe('INVALID_INPUT');
      expect(response.body.message).toContain(`totalAmount is ${body.totalAmount + 1}, expected ${body.totalAmount}`);
      expect(response.body.message).toContain(`totalTax is 0, expected ${body.totalTax}`);
      expect(response.body.message).toContain('amountPaid');
    });

    it('refuses a wrong line tax or line total', async () => {
      const l = accessoryLine(refs1);
      const response = await save(saleBody(refs1, [{ ...l, taxAmount: 1 }]));
      expect(response.status).toBe(405);
      expect(response.body.message).toMatch(/itemIssuesDto\[0\]\.taxAmount is [\d.]+, expected [\d.]+/);
    });

    it("refuses another company's ids with 403 and unknown ids with 405 naming the field", async () => {
      const [foreignUnit] = await unitsInStockOf(server, 2, 1);
      const cases: [Partial<Record<string, unknown>>, number, RegExp][] = [
        [{ retailShopId: refs2.shopId }, 403, /retailShopId/],
        [{ userId: refs2.userId }, 403, /userId/],
        [{ cashbookId: refs2.cashbookId }, 403, /cashbookId/],
        [{ retailShopId: 999_999 }, 405, /retailShopId: no retailShop 999999/],
        [{ cashbookId: 999_999 }, 405, /cashbookId/],
        [{ id: 999_999 }, 405, /id: no cashSale/],
      ];
      for (const [over, status, message] of cases) {
        const response = await save({ ...saleBody(refs1, [accessoryLine(refs1)]), ...over });
        expect(response.status, JSON.stringify(over)).toBe(status);
        expect(response.body.message).toMatch(message);
      }
      const foreignLine = await save(saleBody(refs1, [unitLine(foreignUnit!)]));
      expect(foreignLine.status).toBe(403);
      const foreignChannel = saleBody(refs1, [accessoryLine(refs1)]);
      foreignChannel.channelsDto = [{ channelId: refs2.channels.CASH, referenceNo: '', amount: foreignChannel.amountPaid }];
      expect((await save(foreignChannel)).status).toBe(403);
      const unknownProduct = await save(saleBody(refs1, [{ ...accessoryLine(refs1), itemProductId: 999_999 }]));
      expect(unknownProduct.status).toBe(405);
      expect(unknownProduct.body.message).toContain('itemIssuesDto[0].itemProductId');
      const otherCompany = await save(saleBody(refs2, [accessoryLine(refs2)]));
      expect(otherCompany.status).toBe(403);
    });

    it('refuses a sold unit, qty other than 1 on a serialised line, and a unit of another product', async () => {
      const [sold] = await server.rows<{ id: number }>(`select id from item_specs where company_id = 1 and status = 'sold' limit 1`);
      const [unit] = await unitsInStockOf(server, 1, 1);
      const soldLine = { ...unitLine(unit!), invItemSpecsId: sold!.id };
      const soldResponse = await save(saleBody(refs1, [soldLine]));
      expect(soldResponse.status).toBe(405);
      expect(soldResponse.body.message).toMatch(/already sold/);
      const two = line({ ...unitLine(unit!), qty: 2 });
      const qtyResponse = await save(saleBody(refs1, [two]));
      expect(qtyResponse.status).toBe(405);
      expect(qtyResponse.body.message).toMatch(/itemIssuesDto\[0\]\.qty is 2, expected 1/);
      const wrongProduct = await save(saleBody(refs1, [{ ...accessoryLine(refs1), invItemSpecsId: unit!.id }]));
      expect(wrongProduct.status).toBe(405);
      expect(wrongProduct.body.message).toMatch(/not of itemProductId/);
    });

    it('refuses amountPaid above the total, and payment methods other than CASH, MPESA, CHECK', async () => {
      const body = saleBody(refs1, [accessoryLine(refs1)]);
      const over = await save({ ...body, amountPaid: body.totalAmount + 10, channelsDto: [] });
      expect(over.status).toBe(405);
      expect(over.body.message).toMatch(/amountPaid .* exceeds totalAmount/);
      for (const field of ['paymentMethod', 'transactionType']) {
        const response = await save({ ...body, [field]: 'MOBILE_MONEY' });
        expect(response.status).toBe(405);
        expect(response.body.message).toContain(field);
        expect(response.body.message).toContain(`${field} must be one of CASH, MPESA, CHECK`);
      }
    });

    it('refuses a body without lines, with a missing field or bad JSON with 405', async () => {
      const body = saleBody(refs1, [accessoryLine(refs1)]);
      expect((await save({ ...body, itemIssuesDto: [] })).status).toBe(405);
      const { issuedTo: _issuedTo, ...missing } = body;
      const response = await save(missing);
      expect(response.status).toBe(405);
      expect(response.body.message).toContain('issuedTo is required');
      expect((await save('{"not json')).status).toBe(405);
    });

    it('two concurrent sales of one unit: exactly one succeeds', async () => {
      const [unit] = await unitsInStockOf(server, 1, 1, 3);
      const body = saleBody(refs1, [unitLine(unit!)]);
      const responses = await Promise.all([save(body), save({ ...body, refNo: 'OTHER TILL' }), save({ ...body, refNo: 'THIRD TILL' })]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 405, 405]);
      expect(await count('select count(*) as n from cash_sale_lines where item_spec_id = ?', unit!.id)).toBe(1);
    });

    it('a retry with the same Idempotency-Key returns the first result and saves nothing new', async () => {
      const body = saleBody(refs1, [accessoryLine(refs1)]);
      const key = 'b3b4c1a2-0000-4000-8000-000000000001';
      const before = await count('select count(*) as n from cash_sales');
      const [first, second] = await Promise.all([save(body, cashier1, { 'Idempotency-Key': key }), save(body, cashier1, { 'Idempotency-Key': key })]);
      const third = await save(body, cashier1, { 'idempotency-key': key });
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(second.body).toEqual(first.body);
      expect(third.body).toEqual(first.body);
      expect(await count('select count(*) as n from cash_sales')).toBe(before + 1);
      const different = await save({ ...body, notes: 'changed' }, cashier1, { 'Idempotency-Key': key });
      expect(different.status).toBe(405);
      expect(different.body.message).toMatch(/Idempotency-Key .* different request/);
      expect(await count('select count(*) as n from cash_sales')).toBe(before + 1);
    });

    it('an update replaces the lines, returns removed units to stock and keeps the receipt number', async () => {
      const [a, b] = await unitsInStockOf(server, 1, 2, 10);
      const created = await save(saleBody(refs1, [unitLine(a!), accessoryLine(refs1)]));
      expect(created.status).toBe(200);
      const updated = await save({ ...saleBody(refs1, [unitLine(b!)]), id: created.body.id });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: created.body.id, receiptNo: created.body.receiptNo });
      const status = async (id: number) => (await server.rows<{ status: string }>('select status from item_specs where id = ?', id))[0]!.status;
      expect(await status(a!.id)).toBe('in_stock');
      expect(await status(b!.id)).toBe('sold');
      expect(await count('select count(*) as n from cash_sale_lines where sale_id = ?', created.body.id)).toBe(1);
      // keeping a unit on an update is allowed
      const again = await save({ ...saleBody(refs1, [unitLine(b!), accessoryLine(refs1)]), id: created.body.id });
      expect(again.status).toBe(200);
      expect(await status(b!.id)).toBe('sold');
      // another company's token may not update it
      const cashier2 = server.tokenFor(2, 'cashier');
      const foreign = await save({ ...saleBody(refs2, [accessoryLine(refs2)]), id: created.body.id }, cashier2);
      expect(foreign.status).toBe(403);
    });

    it('roles: an accountant may list but not save; a cashier may save', async () => {
      const body = saleBody(refs1, [accessoryLine(refs1)]);
      const refused = await save(body, accountant1);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/accountant role/);
      expect((await save(body, admin1)).status).toBe(200);
    });

    it('SQL metacharacters in text are stored and returned verbatim', async () => {
      const nasty = `Robert'); drop table cash_sales;-- "x" %_ \\`;
      const body = saleBody(refs1, [{ ...accessoryLine(refs1), item: nasty }], { over: { issuedTo: nasty, notes: nasty, refNo: "1' or '1'='1" } });
      const response = await save(body);
      expect(response.status).toBe(200);
      const list = await server.request('GET', LIST, { token: admin1, query: { companyId: 1, start: 0, limit: 5 } });
      const sale = list.body.list.find((r: CashSaleRecord) => r.id === response.body.id);
      expect(sale).toMatchObject({ issuedTo: nasty, notes: nasty, refNo: "1' or '1'='1" });
      const items = await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1, start: 0, limit: 5 } });
      expect(items.body.list[0].itemName).toBe(nasty);
      expect(await count('select count(*) as n from cash_sales')).toBeGreaterThan(0);
    });

    it('JSON-special and control characters (NUL aside) and any Unicode come back in the lists exactly as sent', async () => {
      const text = 'quote " backslash \\ slash / tab \t line \n\r sep \u2028\u2029 del \u007f bell \u0007 é 漢字 👍🏽';
      // The phone is a number (checked, stored as E.164): the other texts carry the characters.
      const phone = '+254 712 345678';
      const body = saleBody(refs1, [{ ...accessoryLine(refs1), item: text }], { over: { issuedTo: text, issuedToPhone: phone, notes: text, refNo: text } });
      const response = await save(body);
      expect(response.status).toBe(200);
      const list = await server.request('GET', LIST, { token: admin1, query: { companyId: 1, start: 0, limit: 5 } });
      expect(list.body.list.find((r: CashSaleRecord) => r.id === response.body.id)).toMatchObject({
        issuedTo: text,
        issuedToPhone: '+254712345678',
        notes: text,
        refNo: text,
      });
      const items = await server.request('GET', ITEMS, { token: admin1, query: { companyId: 1, start: 0, limit: 5 } });
      expect(items.body.list[0]).toMatchObject({ itemName: text, issuedTo: text, issuedToPhone: '+254712345678', refNo: text });
    });

    it("stores the customer's phone as E.164 however it was typed, and refuses what is no phone number (405 naming issuedToPhone)", async () => {
      const saved = await save(saleBody(refs1, [accessoryLine(refs1)], { over: { issuedToPhone: '0712 345 678', refNo: 'PHONE-OK' } }));
      expect(saved.status).toBe(200);
      expect(await count("select count(*) as n from cash_sales where ref_no = ? and issued_to_phone = '+254712345678'", 'PHONE-OK')).toBe(1);
      const refused = await save(saleBody(refs1, [accessoryLine(refs1)], { over: { issuedToPhone: 'abc', refNo: 'PHONE-REFUSED' } }));
      expect(refused.status).toBe(405);
      expect(refused.body.message).toContain('issuedToPhone: "abc" is not a phone number (e.g. 0712 345 678, +254 712 345678');
      expect(await count('select count(*) as n from cash_sales where ref_no = ?', 'PHONE-REFUSED')).toBe(0);
      // Other countries' numbers by their own plans: a London number kept, a number no US operator gives out refused.
      expect((await save(saleBody(refs1, [accessoryLine(refs1)], { over: { issuedToPhone: '+44 20 7946 0958', refNo: 'PHONE-UK' } }))).status).toBe(200);
      expect(await count("select count(*) as n from cash_sales where ref_no = ? and issued_to_phone = '+442079460958'", 'PHONE-UK')).toBe(1);
      const notUs = await save(saleBody(refs1, [accessoryLine(refs1)], { over: { issuedToPhone: '+1 555 0100', refNo: 'PHONE-US' } }));
      expect(notUs.status).toBe(405);
      expect(notUs.body.message).toContain('issuedToPhone: "+1 555 0100" is not a phone number');
    });

    it('refuses the NUL character (U+0000) in any text with 405 naming the field: PostgreSQL cannot keep it', async () => {
      const body = saleBody(refs1, [{ ...accessoryLine(refs1), item: 'nul \u0000 here' }], { over: { issuedTo: 'a\u0000b', refNo: 'NUL-REFUSED' } });
      const response = await save(body);
      expect(response.status).toBe(405);
      expect(response.body.message).toContain('issuedTo may not hold the NUL character (U+0000)');
      expect(response.body.message).toContain('itemIssuesDto[0].item may not hold the NUL character');
      expect(await count('select count(*) as n from cash_sales where ref_no = ?', 'NUL-REFUSED')).toBe(0);
    });
  });
});

// A failure injected with a temporary trigger: SQLite's own mechanism, so this test is SQLite's.
describe('cash sale save on SQLite only', () => {
  let sqliteServer: TestServer;
  let sqliteRefs: CompanyRefs;
  beforeAll(async () => {
    sqliteServer = await startTestServer({ demo: { scale: 1 } });
    sqliteRefs = companyRefs(sqliteServer.store, 1);
  });
  afterAll(async () => sqliteServer.close());

  it('a save that fails after writing (a SQLite trigger makes its last insert fail) has changed nothing (receipt sequence included)', async () => {
    const snapshot = () =>
      sqliteServer.store.sqlite
        .prepare(
          `select (select count(*) from cash_sales) as sales, (select count(*) from cash_sale_lines) as lines, (select count(*) from cash_sale_channels) as channels,
                  (select count(*) from item_specs where status = 'sold') as sold, (select receipt_seq from companies where id = 1) as seq`,
        )
        .get();
    const before = snapshot();
    // The last write of a save is its channels: make that one fail.
    sqliteServer.store.sqlite.exec(
      `create temp trigger fail_channel before insert on cash_sale_channels when new.reference_no = 'FAIL-ME' begin select raise(abort, 'injected failure'); end`,
    );
    try {
      const [unit] = unitsInStock(sqliteServer.store, 1, 1, 20);
      const body = saleBody(sqliteRefs, [unitLine(unit!)]);
      body.channelsDto = [{ channelId: sqliteRefs.channels.CASH, referenceNo: 'FAIL-ME', amount: body.amountPaid }];
      const response = await sqliteServer.request('POST', '/api/inventorycashsale/save', { token: sqliteServer.tokenFor(1, 'cashier'), body });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ success: 'false', message: 'internal server error', code: 'INTERNAL' });
    } finally {
      sqliteServer.store.sqlite.exec('drop trigger temp.fail_channel');
    }
    expect(snapshot()).toEqual(before);
  });
});
