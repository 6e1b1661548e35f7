/**
 * The bundled server's keyset reading (X-Next-After / `after`), on both backends: a walk of the
 * cash sale list, the sale item list and the units for receipts over real HTTP, with sales saved
 * between its pages (at today's date and back-dated into the middle of the list) and units sold,
 * takes every record that existed when it started exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopClient } from '../../src/client/client.js';
import { createHttpTransport } from '../../src/client/http-transport.js';
import { walkPages, type FetchPage } from '../../src/client/paging.js';
import { cashSaleListKey, isCashSaleRecord } from '../../src/contract/cash-sale.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStockOf, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

describe.each(BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  let client: ShopClient;
  let cashier: string;
  let refs: CompanyRefs;
  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
    cashier = server.tokenFor(1, 'cashier');
    refs = companyRefs(server.seeded, 1);
    client = new ShopClient({ transport: createHttpTransport({ baseUrl: server.url }), token: cashier });
  }, 60_000);
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  /** The ids a query of the server's own store returns. */
  const ids = async (sql: string) => (await server.rows<{ id: number }>(sql)).map((row) => row.id);

  let saved = 0;
  async function saveSales(count: number, options: { backDated?: boolean; unit?: boolean } = {}): Promise<void> {
    for (let i = 0; i < count; i++) {
      saved++;
      const lines = options.unit ? [unitLine((await unitsInStockOf(server, 1, 1, 5))[0]!)] : [accessoryLine(refs, 1)];
      const body = saleBody(refs, lines, { over: { refNo: `KEYSET-${saved}`, ...(options.backDated ? { issueDate: '2026-02-03' } : {}) } });
      const response = await server.request('POST', '/api/inventorycashsale/save', { token: cashier, body, headers: { 'idempotency-key': `keyset-${saved}` } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
  }

  /** The records of a full walk, with `between` run before every page after the first. */
  async function walk<T>(
    fetchPage: FetchPage<T>,
    between: () => Promise<void>,
    identity?: (record: T) => string | number,
  ): Promise<{ keys: (string | number)[]; afters: (string | undefined)[] }> {
    const afters: (string | undefined)[] = [];
    let pages = 0;
    const keys: (string | number)[] = [];
    const walker = walkPages<T>(
      async (start, limit, after) => {
        if (pages++ > 0) await between();
        afters.push(after);
        return fetchPage(start, limit, after);
      },
      { pageSize: 25, strict: true, identity },
    );
    for await (const record of walker) keys.push(identity ? identity(record) : (record as { id: number }).id);
    return { keys, afters };
  }

  function expectEachOnce(keys: (string | number)[], before: number[]): void {
    expect(new Set(keys).size, 'no record twice').toBe(keys.length);
    const got = new Set(keys);
    expect(
      before.filter((id) => !got.has(id)),
      'no record missing',
    ).toEqual([]);
  }

  describe('keyset reading of the bundled server', () => {
    it('cash sale list: every sale that existed once, with sales saved (and back-dated) between pages', async () => {
      const before = await ids('select id from cash_sales where company_id = 1');
      expect(before.length).toBeGreaterThan(50);
      const { keys, afters } = await walk(
        (start, limit, after) => client.listCashSales({ companyId: 1, start, limit, after }),
        async () => {
          await saveSales(2);
          await saveSales(1, { backDated: true });
        },
        cashSaleListKey,
      );
      expect(afters[0]).toBeUndefined();
      expect(afters.slice(1).every((after) => /^\d+\.\d+$/.test(after ?? ''))).toBe(true);
      expectEachOnce(keys, before);
      expect(keys.every((key) => typeof key === 'number' && isCashSaleRecord({ id: key }))).toBe(true);
    }, 60_000);

    it('sale item list: every line that existed once, with sales saved between pages', async () => {
      const before = await ids('select id from cash_sale_lines where company_id = 1');
      const { keys } = await walk(
        (start, limit, after) => client.listSaleItems({ companyId: 1, start, limit, after }),
        async () => {
          await saveSales(1);
          await saveSales(1, { backDated: true });
        },
      );
      expectEachOnce(keys, before);
    }, 60_000);

    it('units for receipts: every unit still in stock once, with units sold between pages', async () => {
      const before = await ids(`select id from item_specs where company_id = 1 and status = 'in_stock' order by id`);
      const { keys } = await walk(
        (start, limit, after) => client.listReceiptSpecs({ companyId: 1, start, limit, after }),
        () => saveSales(1, { unit: true }),
      );
      const inStock = new Set(await ids(`select id from item_specs where company_id = 1 and status = 'in_stock'`));
      expect(new Set(keys).size).toBe(keys.length);
      // Sold during the walk: may or may not be listed; every unit still in stock is.
      expectEachOnce(
        keys,
        before.filter((id) => inStock.has(id)),
      );
    }, 60_000);
  });
});
