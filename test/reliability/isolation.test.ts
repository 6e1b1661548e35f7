/**
 * Company isolation: a token of company 2 gets nothing of company 1, through every endpoint and
 * every id parameter (query ids and the ids inside a save body).
 *
 * The server's rule, asserted consistently: an id that exists but belongs to another company is
 * 403 FORBIDDEN; an id that exists nowhere is 404 NOT_FOUND on the GET endpoints (405 on the
 * save, where the interface makes every refused input a 405). Either way the body is only the
 * error body, and none of company 1's names, codes, receipt numbers, IMEIs or amounts appear in it.
 * The presigned statement document of company 1 with its signature altered, or its companyId,
 * statementId or expiry changed, is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';
import { REFERENCE_DATA_PATH } from '../../src/contract/reference-data.js';
import type { Role } from '../../src/contract/enums.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock, type CompanyRefs } from '../helpers/sale-fixtures.js';

let server: TestServer;
let refs2: CompanyRefs;
const token2: Partial<Record<Role, string>> = {};
/** Text that only company 1's data contains. */
let fingerprints: string[];
/** Company 1's ids, per kind (all of them for small tables, a sample of the big ones). */
let ids1: Record<string, number[]>;
/** A company 2 id per kind, to make the rest of a request valid. */
let own2: Record<string, number>;

const UNKNOWN_ID = 987_654_321;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['admin', 'cashier', 'accountant'] as const) token2[role] = server.tokenFor(2, role);
  refs2 = companyRefs(server.store, 2);
  const sql = server.store.sqlite;
  const idsOf = (table: string, companyId: number, limit = 1000) =>
    (sql.prepare(`select id from ${table} where company_id = ? order by id limit ?`).all(companyId, limit) as { id: number }[]).map((r) => r.id);
  const kinds = {
    retailShop: ['retail_shops'],
    user: ['users'],
    cashbook: ['cashbooks'],
    taxRate: ['tax_rates'],
    channel: ['payment_channels'],
    category: ['item_categories'],
    product: ['item_products'],
    unit: ['item_specs', 25],
    sale: ['cash_sales', 25],
    zone: ['zones'],
    fieldOfficer: ['field_officers'],
    property: ['properties'],
    landlord: ['landlords'],
    service: ['services'],
    statement: ['statements', 40],
  } as const;
  ids1 = Object.fromEntries(Object.entries(kinds).map(([kind, [table, limit]]) => [kind, idsOf(table, 1, limit ?? 1000)]));
  own2 = Object.fromEntries(Object.entries(kinds).map(([kind, [table]]) => [kind, idsOf(table, 2, 1)[0]!]));
  for (const [kind, list] of Object.entries(ids1)) expect(list.length, kind).toBeGreaterThan(0);

  // Every text and amount of company 1 that company 2's data does not also contain.
  const texts = (companyId: number) => {
    const rows = [
      ...sql.prepare('select name, address, phone, email from companies where id = ?').all(companyId),
      ...sql.prepare('select name, code, email, phone from landlords where company_id = ?').all(companyId),
      ...sql.prepare('select name, code, lr_no, email from properties where company_id = ?').all(companyId),
      ...sql.prepare('select name, account_no, phone from tenants where company_id = ?').all(companyId),
      ...sql.prepare('select name from users where company_id = ?').all(companyId),
      ...sql
        .prepare('select receipt_no, ref_no, issued_to, issued_to_phone, total_amount_cents / 100.0 as total from cash_sales where company_id = ?')
        .all(companyId),
      ...sql.prepare('select serial_no, imei1, imei2 from item_specs where company_id = ?').all(companyId),
      ...sql.prepare('select amt_pyble_cents / 100.0 as due from statements where company_id = ?').all(companyId),
    ] as Record<string, unknown>[];
    return new Set(
      rows
        .flatMap((row) => Object.values(row))
        .filter((v) => v !== null && v !== undefined)
        .map(String)
        .filter((v) => v.length >= 5),
    );
  };
  const theirs = texts(1);
  const ours = texts(2);
  const ourText = [...ours].join('\n');
  fingerprints = [...theirs].filter((t) => !ours.has(t) && !ourText.includes(t));
  expect(fingerprints.length).toBeGreaterThan(1000);
});
afterAll(async () => server.close());

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function ask(method: 'GET' | 'POST', path: string, options: { token?: string; query?: Record<string, unknown>; body?: unknown }): Promise<Answer> {
  const response = await server.request(method, path, options);
  return { status: response.status, body: response.body, text: typeof response.body === 'string' ? response.body : JSON.stringify(response.body) };
}

/** Only the error body, with the expected status, and not one of company 1's fingerprints. */
function expectRefused(answer: Answer, status: number, what: string): void {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBe(status);
  expect(Object.keys(answer.body as object).sort(), what).toEqual(['code', 'message', 'success']);
  expect((answer.body as { success: string }).success).toBe('false');
  expectNoLeak(answer, what);
}

/**
 * Amounts are checked only in refusals: a company 2 answer full of numbers can hold a company 1
 * amount by coincidence; names, codes, receipt numbers and IMEIs cannot.
 */
function expectNoLeak(answer: Answer, what: string, numbers = true): void {
  const leaked = fingerprints.filter((f) => (numbers || /[^\d.-]/.test(f) || f.length >= 14) && answer.text.includes(f));
  expect(leaked, `${what} shows company 1's data`).toEqual([]);
}

const CODE = { 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'INVALID_INPUT' } as const;

/** Query cases: a company 2 request whose one id parameter names company 1's (or nobody's) id. */
function queryCases(): { path: string; role: Role; param: string; kind: string; query: (id: number) => Record<string, unknown> }[] {
  const c2 = 2;
  return [
    { path: endpoints.listCashSales.path, role: 'accountant', param: 'companyId', kind: 'company', query: (id) => ({ companyId: id }) },
    {
      path: endpoints.listCashSales.path,
      role: 'cashier',
      param: 'companyId (paged)',
      kind: 'company',
      query: (id) => ({ companyId: id, start: 0, limit: 5 }),
    },
    { path: endpoints.listCashSales.path, role: 'accountant', param: 'retailShopId', kind: 'retailShop', query: (id) => ({ retailShopId: id }) },
    { path: endpoints.listCashSales.path, role: 'accountant', param: 'salesPersonId', kind: 'user', query: (id) => ({ salesPersonId: id }) },
    { path: endpoints.listSaleItems.path, role: 'accountant', param: 'companyId', kind: 'company', query: (id) => ({ companyId: id }) },
    { path: endpoints.listSaleItems.path, role: 'accountant', param: 'retailShopId', kind: 'retailShop', query: (id) => ({ companyId: c2, retailShopId: id }) },
    { path: endpoints.listSaleItems.path, role: 'accountant', param: 'salesPersonId', kind: 'user', query: (id) => ({ companyId: c2, salesPersonId: id }) },
    { path: endpoints.listSaleItems.path, role: 'accountant', param: 'itemId', kind: 'product', query: (id) => ({ companyId: c2, itemId: id }) },
    {
      path: endpoints.listSaleItems.path,
      role: 'accountant',
      param: 'itemCategoryId',
      kind: 'category',
      query: (id) => ({ companyId: c2, itemCategoryId: id, start: 0, limit: 5 }),
    },
    { path: endpoints.listReceiptSpecs.path, role: 'cashier', param: 'companyId', kind: 'company', query: (id) => ({ companyId: id }) },
    {
      path: endpoints.listReceiptSpecs.path,
      role: 'cashier',
      param: 'companyId (paged)',
      kind: 'company',
      query: (id) => ({ companyId: id, start: 0, limit: 5 }),
    },
    { path: endpoints.paidBalance.path, role: 'accountant', param: 'companyId', kind: 'company', query: (id) => ({ companyId: id, zoneId: own2.zone }) },
    { path: endpoints.paidBalance.path, role: 'accountant', param: 'zoneId', kind: 'zone', query: (id) => ({ companyId: c2, zoneId: id }) },
    {
      path: endpoints.paidBalance.path,
      role: 'accountant',
      param: 'fieldOfficerId',
      kind: 'fieldOfficer',
      query: (id) => ({ companyId: c2, fieldOfficerId: id, month: 10, year: 2026 }),
    },
    {
      path: endpoints.paidBalance.path,
      role: 'accountant',
      param: 'fieldOfficerId (with zone)',
      kind: 'fieldOfficer',
      query: (id) => ({ companyId: c2, zoneId: own2.zone, fieldOfficerId: id }),
    },
    { path: endpoints.paidBalance.path, role: 'accountant', param: 'propertyId', kind: 'property', query: (id) => ({ companyId: c2, propertyId: id }) },
    { path: endpoints.payAdvice.path, role: 'accountant', param: 'companyId', kind: 'company', query: (id) => ({ companyId: id, propertyId: own2.property }) },
    {
      path: endpoints.payAdvice.path,
      role: 'accountant',
      param: 'propertyId',
      kind: 'property',
      query: (id) => ({ companyId: c2, propertyId: id, month: 10, year: 2026 }),
    },
    {
      path: endpoints.payAdvice.path,
      role: 'accountant',
      param: 'srvcId',
      kind: 'service',
      query: (id) => ({ companyId: c2, propertyId: own2.property, lldPaymentType: 'SERVICE_CHARGE_ONLY', srvcId: id }),
    },
    {
      path: endpoints.statements.path,
      role: 'accountant',
      param: 'companyId',
      kind: 'company',
      query: (id) => ({ companyId: id, landlordId: own2.landlord, paidPosted: 'ALL' }),
    },
    {
      path: endpoints.statements.path,
      role: 'accountant',
      param: 'landlordId',
      kind: 'landlord',
      query: (id) => ({ companyId: c2, landlordId: id, paidPosted: 'ALL' }),
    },
    {
      path: endpoints.statements.path,
      role: 'accountant',
      param: 'zoneId',
      kind: 'zone',
      query: (id) => ({ companyId: c2, landlordId: own2.landlord, zoneId: id, paidPosted: 'YES' }),
    },
    { path: endpoints.statementPdf.path, role: 'accountant', param: 'statementId', kind: 'statement', query: (id) => ({ statementId: id }) },
    { path: REFERENCE_DATA_PATH, role: 'cashier', param: 'companyId', kind: 'company', query: (id) => ({ companyId: id }) },
  ];
}

describe('a token of company 2 asking for company 1 by a query id', () => {
  it('every endpoint and id parameter: 403 with only the error body, for every id of company 1; 404 for an id of nobody', async () => {
    let asked = 0;
    for (const c of queryCases()) {
      const theirs = c.kind === 'company' ? [1] : ids1[c.kind]!;
      for (const role of [c.role, 'admin'] as const) {
        for (const id of theirs) {
          asked++;
          expectRefused(await ask('GET', c.path, { token: token2[role], query: c.query(id) }), 403, `${c.path} ${c.param}=${id} as ${role}`);
        }
      }
      // Same request with an id nobody has: not found, told apart from "not yours".
      const unknown = await ask('GET', c.path, { token: token2[c.role], query: c.query(UNKNOWN_ID) });
      const expected = c.kind === 'company' ? 403 : 404;
      expectRefused(unknown, expected, `${c.path} ${c.param}=${UNKNOWN_ID}`);
      expect((unknown.body as { code: string }).code).toBe(CODE[expected]);
      // And with its own id it works: the refusal is about the company, not the request.
      const own = await ask('GET', c.path, { token: token2[c.role], query: c.query(c.kind === 'company' ? 2 : own2[c.kind]!) });
      expect(own.status, `${c.path} ${c.param} own: ${own.text.slice(0, 200)}`).toBe(200);
      expectNoLeak(own, `${c.path} ${c.param} own`, false);
      asked += 2;
    }
    console.log(`isolation: ${asked} query requests`);
  });

  it('reference data for company 2 never names company 1 units, even when asked for them', async () => {
    const answer = await ask('GET', REFERENCE_DATA_PATH, { token: token2.cashier, query: { companyId: 2, unitIds: ids1.unit!.join(',') } });
    expect(answer.status).toBe(200);
    expect((answer.body as { units: unknown[] }).units).toEqual([]);
    expectNoLeak(answer, 'reference data', false);
  });
});

describe('a token of company 2 saving with an id of company 1', () => {
  const save = (body: unknown) => ask('POST', endpoints.saveCashSale.path, { token: token2.cashier, body });

  /** Body changes naming company 1's (or nobody's) id in one place. */
  const bodyCases: { field: string; kind: string; change: (body: ReturnType<typeof saleBody>, id: number) => void }[] = [
    { field: 'companyId', kind: 'company', change: (b, id) => (b.companyId = id) },
    { field: 'cashbookId', kind: 'cashbook', change: (b, id) => (b.cashbookId = id) },
    { field: 'userId', kind: 'user', change: (b, id) => (b.userId = id) },
    { field: 'retailShopId', kind: 'retailShop', change: (b, id) => (b.retailShopId = id) },
    { field: 'itemIssuesDto[0].itemProductId', kind: 'product', change: (b, id) => (b.itemIssuesDto[0]!.itemProductId = id) },
    { field: 'itemIssuesDto[0].invItemSpecsId', kind: 'unit', change: (b, id) => (b.itemIssuesDto[0]!.invItemSpecsId = id) },
    { field: 'itemIssuesDto[0].taxRateId', kind: 'taxRate', change: (b, id) => (b.itemIssuesDto[0]!.taxRateId = id) },
    { field: 'channelsDto[0].channelId', kind: 'channel', change: (b, id) => (b.channelsDto![0]!.channelId = id) },
    { field: 'id (update)', kind: 'sale', change: (b, id) => (b.id = id) },
  ];

  it('every id of the body: 403 with only the error body, nothing saved, no unit of company 1 touched', async () => {
    const sql = server.store.sqlite;
    const snapshot = () =>
      sql
        .prepare(
          `select (select count(*) from cash_sales) as sales, (select count(*) from cash_sale_lines) as lines, (select group_concat(status) from item_specs where company_id = 1) as units, (select group_concat(updated_at) from cash_sales where company_id = 1) as updated`,
        )
        .get();
    const before = snapshot();
    let asked = 0;
    for (const c of bodyCases) {
      const theirs = c.kind === 'company' ? [1] : ids1[c.kind]!.slice(0, 10);
      for (const id of theirs) {
        const body = saleBody(refs2, [accessoryLine(refs2)]);
        c.change(body, id);
        asked++;
        expectRefused(await save(body), 403, `save ${c.field}=${id}`);
      }
      if (c.kind !== 'company') {
        const body = saleBody(refs2, [accessoryLine(refs2)]);
        c.change(body, UNKNOWN_ID);
        const unknown = await save(body);
        expectRefused(unknown, 405, `save ${c.field}=${UNKNOWN_ID}`);
        asked++;
      }
    }
    // A unit of company 1 inside an otherwise valid line of company 2's product: still 403.
    const [unit1] = unitsInStock(server.store, 1, 1);
    expectRefused(await save(saleBody(refs2, [{ ...unitLine(unit1!), itemProductId: own2.product! }])), 403, 'unit of company 1 on a company 2 line');
    expect(snapshot()).toEqual(before);
    console.log(`isolation: ${asked + 1} save requests`);
  });
});

describe('the presigned statement document of company 1', () => {
  let link: URL;
  beforeAll(async () => {
    const accountant1 = server.tokenFor(1, 'accountant');
    const answer = await ask('GET', endpoints.statementPdf.path, { token: accountant1, query: { statementId: ids1.statement![0] } });
    expect(answer.status).toBe(200);
    link = new URL((answer.body as { message: string }).message);
    expect(new URL(server.url).hostname).toBe(link.hostname);
  });

  const fetchLink = async (change: (params: URLSearchParams) => void) => {
    const url = new URL(link);
    change(url.searchParams);
    const response = await fetch(url);
    const type = response.headers.get('content-type') ?? '';
    const text = type.startsWith('application/pdf') ? '%PDF' : await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a PDF or text
    }
    return { status: response.status, body, text, type };
  };

  it('as handed out, it serves the PDF (without a token)', async () => {
    const answer = await fetchLink(() => {});
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/pdf/);
  });

  it('altered in any part, it is refused with only the error body', async () => {
    const own2Link = await ask('GET', endpoints.statementPdf.path, { token: token2.accountant, query: { statementId: own2.statement } });
    const signature2 = new URL((own2Link.body as { message: string }).message).searchParams.get('signature')!;
    const flip = (hex: string, at: number) => hex.slice(0, at) + (parseInt(hex[at]!, 16) ^ 1).toString(16) + hex.slice(at + 1);
    const cases: [string, (p: URLSearchParams) => void, number][] = [
      ['signature, first digit changed', (p) => p.set('signature', flip(p.get('signature')!, 0)), 403],
      ['signature, last digit changed', (p) => p.set('signature', flip(p.get('signature')!, 63)), 403],
      ['signature upper-cased', (p) => p.set('signature', p.get('signature')!.toUpperCase()), 400],
      ['signature of a company 2 link', (p) => p.set('signature', signature2), 403],
      ['signature missing', (p) => p.delete('signature'), 400],
      ['companyId swapped to 2', (p) => p.set('companyId', '2'), 403],
      ['statementId swapped to a company 2 statement', (p) => p.set('statementId', String(own2.statement)), 403],
      ['statementId swapped to another company 1 statement', (p) => p.set('statementId', String(ids1.statement![1])), 403],
      ['expiry moved later', (p) => p.set('expires', String(Number(p.get('expires')) + 86_400_000)), 403],
      ['expiry in the past', (p) => p.set('expires', '1'), 403],
      ['companyId repeated', (p) => p.append('companyId', '2'), 400],
    ];
    for (const [what, change, status] of cases) {
      const answer = await fetchLink(change);
      expectRefused(answer as Answer, status, `document link: ${what}`);
    }
  });
});
