/**
 * The requests the client sends for every endpoint and every accepted parameter shape, as a
 * real server receives them, and the requests it refuses to send.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopClient } from '../../src/client/client.js';
import { UsageError } from '../../src/client/errors.js';
import { clientFor } from './client-setup.js';
import { cashSale, payAdvice, paidBalanceRow, saleBody, saleItem, spec, statement } from './fixtures.js';
import { errorExit } from '../../src/cli/error-exit.js';
import { json, startServer, type SeenRequest, type TestServer } from './http-fixture.js';

function reply(request: SeenRequest): unknown {
  switch (request.pathname.replace(/^\/erp/, '')) {
    case '/api/inventorycashsale/list':
      return { count: 2, list: [cashSale(1), saleItem(2)] };
    case '/api/inventorycashsale/list_sale_items':
      return { count: 1, list: [saleItem(1)] };
    case '/api/itemcatalogspecs/list_for_receipt':
      return { count: 1, list: [spec(1)] };
    case '/api/inventorycashsale/save':
      return { success: 'true', message: 'saved', id: 41, receiptNo: 'R000041' };
    case '/api/propertystmt/paidbalance':
      return [paidBalanceRow()];
    case '/api/propertystmt/payadvice':
      return payAdvice();
    case '/api/propertystmt/statements':
      return { count: 1, list: [statement(1)] };
    case '/api/propertystmt/statementpdf':
      return { success: 'true', message: 'http://127.0.0.1/doc?statementId=9' };
    default:
      return { success: 'false', message: 'no such path', code: 'NOT_FOUND' };
  }
}

let server: TestServer;
let client: ShopClient;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  server.handle((request, response) => json(response, 200, reply(request)));
  client = clientFor(server.url);
});
afterEach(() => client.close());

type Call = [label: string, run: (c: ShopClient) => Promise<unknown>, url: string];

const accepted: Call[] = [
  // 4.1: the four shapes
  ['sales by company', (c) => c.listCashSales({ companyId: 1 }), '/api/inventorycashsale/list?companyId=1'],
  ['sales by shop', (c) => c.listCashSales({ retailShopId: 2 }), '/api/inventorycashsale/list?retailShopId=2'],
  ['sales by sales person', (c) => c.listCashSales({ salesPersonId: 3 }), '/api/inventorycashsale/list?salesPersonId=3'],
  ['sales by company, paged', (c) => c.listCashSales({ companyId: 1, start: 50, limit: 50 }), '/api/inventorycashsale/list?companyId=1&start=50&limit=50'],
  // 4.2: any combination of its fields
  ['sale items by company', (c) => c.listSaleItems({ companyId: 1 }), '/api/inventorycashsale/list_sale_items?companyId=1'],
  [
    'sale items with every filter',
    (c) => c.listSaleItems({ companyId: 1, retailShopId: 2, salesPersonId: 3, itemId: 4, itemCategoryId: 5, start: 0, limit: 10 }),
    '/api/inventorycashsale/list_sale_items?companyId=1&retailShopId=2&salesPersonId=3&itemId=4&itemCategoryId=5&start=0&limit=10',
  ],
  // 4.3
  ['receipt specs', (c) => c.listReceiptSpecs({ companyId: 1 }), '/api/itemcatalogspecs/list_for_receipt?companyId=1'],
  [
    'receipt specs, paged',
    (c) => c.listReceiptSpecs({ companyId: 1, start: 0, limit: 25 }),
    '/api/itemcatalogspecs/list_for_receipt?companyId=1&start=0&limit=25',
  ],
  // 4.5: the four filter combinations, with and without month and year
  ['paid balance by zone', (c) => c.paidBalance({ companyId: 1, zoneId: 2 }), '/api/propertystmt/paidbalance?companyId=1&zoneId=2'],
  ['paid balance by field officer', (c) => c.paidBalance({ companyId: 1, fieldOfficerId: 3 }), '/api/propertystmt/paidbalance?companyId=1&fieldOfficerId=3'],
  [
    'paid balance by property, for a month',
    (c) => c.paidBalance({ companyId: 1, propertyId: 7, month: 6, year: 2024 }),
    '/api/propertystmt/paidbalance?companyId=1&propertyId=7&month=6&year=2024',
  ],
  [
    'paid balance by zone and field officer',
    (c) => c.paidBalance({ companyId: 1, zoneId: 2, fieldOfficerId: 3, month: 12 }),
    '/api/propertystmt/paidbalance?companyId=1&zoneId=2&fieldOfficerId=3&month=12',
  ],
  // 4.6
  ['pay advice', (c) => c.payAdvice({ companyId: 1, propertyId: 7 }), '/api/propertystmt/payadvice?companyId=1&propertyId=7'],
  [
    'pay advice for service charges',
    (c) => c.payAdvice({ companyId: 1, propertyId: 7, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: 4, month: 1, year: 2025 }),
    '/api/propertystmt/payadvice?companyId=1&propertyId=7&lldPaymentType=SERVICE_CHARGE_ONLY&srvcId=4&month=1&year=2025',
  ],
  // 4.7
  [
    'statements',
    (c) => c.statements({ companyId: 1, landlordId: 8, paidPosted: 'ALL' }),
    '/api/propertystmt/statements?companyId=1&landlordId=8&paidPosted=ALL',
  ],
  [
    'statements of a zone',
    (c) => c.statements({ companyId: 1, landlordId: 8, zoneId: 2, paidPosted: 'NO' }),
    '/api/propertystmt/statements?companyId=1&landlordId=8&zoneId=2&paidPosted=NO',
  ],
  // 4.8
  ['statement link', (c) => c.statementPdf({ statementId: 9 }), '/api/propertystmt/statementpdf?statementId=9'],
  // absent values are not sent
  ['undefined parameters left out', (c) => c.listCashSales({ companyId: 1, retailShopId: undefined }), '/api/inventorycashsale/list?companyId=1'],
];

describe('requests the interface accepts', () => {
  it.each(accepted)('%s', async (_label, run, url) => {
    await run(client);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.method).toBe('GET');
    expect(server.seen[0]!.url).toBe(url);
    expect(server.seen[0]!.headers.authorization).toBe('Bearer secret-token');
  });

  it('returns the typed reply', async () => {
    const page = await client.listCashSales({ companyId: 1 });
    expect(page.count).toBe(2);
    expect(page.list[0]).toEqual(cashSale(1));
    expect(await client.paidBalance({ companyId: 1, zoneId: 2 })).toEqual([paidBalanceRow()]);
    expect((await client.payAdvice({ companyId: 1, propertyId: 7 })).netAmountDue).toBe(34360);
  });

  it('saves a sale as a JSON POST with its idempotency key', async () => {
    const saved = await client.saveCashSale(saleBody(), { idempotencyKey: 'k-123' });
    expect(saved).toEqual({ success: 'true', message: 'saved', id: 41, receiptNo: 'R000041' });
    const [request] = server.seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/inventorycashsale/save');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toBe('k-123');
    expect(JSON.parse(request!.body)).toEqual(saleBody());
  });

  it('sends no idempotency key when none is given, and no Authorization without a token', async () => {
    await client.close();
    client = clientFor(server.url, { token: undefined });
    await client.saveCashSale(saleBody());
    expect(server.seen[0]!.headers['idempotency-key']).toBeUndefined();
    expect(server.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('appends paths to a base URL with a path prefix', async () => {
    await client.close();
    client = clientFor(`${server.url}/erp/`);
    await client.listCashSales({ companyId: 1 });
    expect(server.seen[0]!.url).toBe('/erp/api/inventorycashsale/list?companyId=1');
  });
});

type Refusal = [label: string, run: (c: ShopClient) => Promise<unknown>, message: RegExp];

const SALE_SHAPES = 'send one of: companyId; retailShopId; salesPersonId; companyId + start + limit';
const refused: Refusal[] = [
  [
    'two alternative filters',
    (c) => c.listCashSales({ companyId: 1, retailShopId: 2 }),
    new RegExp(`companyId \\+ retailShopId are not an accepted combination; ${SALE_SHAPES.replace(/\+/g, '\\+')}`),
  ],
  ['start without limit', (c) => c.listCashSales({ companyId: 1, start: 0 }), /companyId \+ start are not an accepted/],
  ['paging a shop filter', (c) => c.listCashSales({ retailShopId: 2, start: 0, limit: 50 }), /not an accepted combination/],
  ['no parameters', (c) => c.listCashSales({}), /cash sale list: no parameters given; send one of/],
  ['receipt limit alone', (c) => c.listReceiptSpecs({ companyId: 1, limit: 10 }), /send one of: companyId; companyId \+ start \+ limit/],
  [
    'paid balance without a filter',
    (c) => c.paidBalance({ companyId: 1 }),
    /tenant paid and balance: the parameters companyId are not an accepted combination; send one of: companyId \+ zoneId \[\+ month, year\]/,
  ],
  ['zone with property', (c) => c.paidBalance({ companyId: 1, zoneId: 2, propertyId: 3 }), /not an accepted combination/],
  ['month 13', (c) => c.paidBalance({ companyId: 1, zoneId: 2, month: 13 }), /month: expected integer to be less or equal to 12 \(got 13\)/],
  ['month 0', (c) => c.payAdvice({ companyId: 1, propertyId: 2, month: 0 }), /month: expected integer to be greater or equal to 1 \(got 0\)/],
  ['id 0', (c) => c.listSaleItems({ companyId: 0 }), /companyId: expected integer to be greater or equal to 1 \(got 0\)/],
  ['id as text', (c) => c.statementPdf({ statementId: '9' as unknown as number }), /statementId: expected integer \(got "9"\)/],
  ['fractional id', (c) => c.listCashSales({ companyId: 1.5 }), /companyId: expected integer \(got 1.5\)/],
  ['limit over the maximum', (c) => c.listReceiptSpecs({ companyId: 1, start: 0, limit: 5000 }), /limit: expected integer to be less or equal to 1000/],
  ['unknown parameter', (c) => c.listSaleItems({ companyId: 1, shopId: 2 } as never), /unknown parameter shopId; known: companyId, retailShopId/],
  [
    'unknown payment type',
    (c) => c.payAdvice({ companyId: 1, propertyId: 2, lldPaymentType: 'ALL' as never }),
    /lldPaymentType: expected one of COMBINED, RENT_ONLY, SERVICE_CHARGE_ONLY \(got "ALL"\)/,
  ],
  ['statements without paidPosted', (c) => c.statements({ companyId: 1, landlordId: 2 } as never), /landlord statements: paidPosted: is required/],
  ['statement link without id', (c) => c.statementPdf({} as never), /statementId: is required/],
  [
    'sale line of quantity 0',
    (c) => c.saveCashSale({ ...saleBody(), itemIssuesDto: [{ ...saleBody().itemIssuesDto[0]!, qty: 0 }] }),
    /cash sale save: itemIssuesDto\/0\/qty: expected number to be greater than 0 \(got 0\)/,
  ],
  ['sale without lines', (c) => c.saveCashSale({ ...saleBody(), itemIssuesDto: [] }), /itemIssuesDto: expected array length to be greater or equal to 1/],
  ['sale with a bad date', (c) => c.saveCashSale({ ...saleBody(), issueDate: '1/6/2024' }), /issueDate: expected string to match/],
  [
    'sale paid by cheque spelled wrong',
    (c) => c.saveCashSale({ ...saleBody(), paymentMethod: 'CHEQUE' as never }),
    /paymentMethod: expected one of CASH, MPESA, CHECK/,
  ],
];

describe('requests the interface does not accept', () => {
  it.each(refused)('%s: refused before any request', async (_label, run, message) => {
    const error = await run(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(errorExit(error).exitCode).toBe(2);
    expect(server.seen).toHaveLength(0);
  });
});
