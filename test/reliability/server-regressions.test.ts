/**
 * Requests the hostile-input fuzzing found answered with 500; each must be a client error.
 * - a paging offset beyond a 64-bit integer (start=1e20) failed to bind in SQL;
 * - price x qty beyond exact integer arithmetic threw from the line computation;
 * - an unknown field nested thousands of levels deep overflowed the stack of the request hash.
 * - the text "Infinity", "-Infinity" or "1e400" passed ajv's coercion to integer with its range
 *   unchecked (month=-Infinity failed in the pay advice, start=1e400 in SQL);
 * And refusals made before the error handler (a URL with broken percent-encoding, a request
 * Node's HTTP parser rejects) answered fastify's own body instead of the contract's error body.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody } from '../helpers/sale-fixtures.js';

let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  auth = { authorization: `Bearer ${server.tokenFor(1, 'admin')}` };
});
afterAll(async () => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: auth });
const save = (payload: string) =>
  server.app.inject({ method: 'POST', url: '/api/inventorycashsale/save', headers: { ...auth, 'content-type': 'application/json' }, payload });

describe('client errors that used to be 500', () => {
  it.each([
    '/api/inventorycashsale/list?companyId=1&start=100000000000000000000&limit=5',
    '/api/inventorycashsale/list_sale_items?companyId=1&start=1e20&limit=5',
    '/api/itemcatalogspecs/list_for_receipt?companyId=1&start=1e20&limit=5',
  ])('an offset past the largest safe integer is 400: %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: 'false', code: 'BAD_REQUEST' });
    expect(response.json().message).toMatch(/start must be <= 9007199254740991/);
  });

  it.each([
    '/api/inventorycashsale/list?companyId=1&start=1e400&limit=5',
    '/api/inventorycashsale/list_sale_items?companyId=1&start=Infinity&limit=5',
    '/api/itemcatalogspecs/list_for_receipt?companyId=Infinity',
    '/api/propertystmt/paidbalance?companyId=1&propertyId=1&month=-Infinity&year=2026',
    '/api/propertystmt/payadvice?companyId=1&propertyId=2&month=-Infinity&year=2026',
    '/api/propertystmt/payadvice?companyId=1&propertyId=2&month=10&year=1e999',
    '/api/propertystmt/statements?companyId=1&landlordId=-Infinity&paidPosted=ALL',
    '/api/propertystmt/statementpdf?statementId=Infinity',
  ])('a number that is not finite is 400 naming the field: %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: 'false', code: 'BAD_REQUEST', message: expect.stringMatching(/must be a finite number/) });
  });

  it('a number that is not finite in a save body is 405 naming the field', async () => {
    const refs = companyRefs(server.store, 1);
    const body = saleBody(refs, [accessoryLine(refs)]) as unknown as Record<string, unknown>;
    // JSON has no Infinity: 1e400 parses to it. A text such as "Infinity" is no number at all (no coercion of a body).
    for (const [field, value] of [
      ['amountPaid', '1e400'],
      ['companyId', '1e400'],
      ['retailShopId', '-1e400'],
    ] as const) {
      const response = await save(JSON.stringify({ ...body, [field]: 0 }).replace(`"${field}":0`, `"${field}":${value}`));
      expect(response.statusCode, field).toBe(405);
      expect(response.json()).toMatchObject({ success: 'false', code: 'INVALID_INPUT' });
      expect(response.json().message).toMatch(new RegExp(`${field} must be (a finite number|number|integer)`));
    }
    const text = await save(JSON.stringify({ ...body, amountPaid: 'Infinity' }));
    expect(text.statusCode).toBe(405);
    expect(text.json().message).toMatch(/amountPaid must be number/);
  });

  it('the largest safe offset is still an (empty) page', async () => {
    const response = await get(`/api/inventorycashsale/list?companyId=1&start=${Number.MAX_SAFE_INTEGER}&limit=5`);
    expect(response.statusCode).toBe(200);
    expect(response.json().list).toEqual([]);
  });

  it('price x qty too large for exact cents is 405 naming the line', async () => {
    const refs = companyRefs(server.store, 1);
    const body = saleBody(refs, [accessoryLine(refs)]);
    body.itemIssuesDto[0] = { ...body.itemIssuesDto[0]!, buyingPrice: 9_000_000_000_000, qty: 900_000_000 };
    const response = await save(JSON.stringify(body));
    expect(response.statusCode).toBe(405);
    expect(response.json()).toMatchObject({ success: 'false', code: 'INVALID_INPUT' });
    expect(response.json().message).toBe('invalid cash sale: itemIssuesDto[0].buyingPrice x itemIssuesDto[0].qty: amount too large');
  });

  it.each([
    ['arrays', '['.repeat(20_000) + ']'.repeat(20_000)],
    ['objects', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)],
  ])('an unknown field nested deep (%s) is 405 and saves nothing', async (_kind, nested) => {
    const refs = companyRefs(server.store, 1);
    const sales = () => (server.store.sqlite.prepare('select count(*) as n from cash_sales').get() as { n: number }).n;
    const before = sales();
    const body = JSON.stringify(saleBody(refs, [accessoryLine(refs)])).replace(/}$/, `,"extra":${nested}}`);
    const response = await save(body);
    expect(response.statusCode).toBe(405);
    expect(response.json()).toMatchObject({ success: 'false', code: 'INVALID_INPUT' });
    expect(response.json().message).toMatch(/nested more than \d+ levels/);
    expect(sales()).toBe(before);
    // A shallow unknown field is still accepted, as before.
    const shallow = JSON.stringify(saleBody(refs, [accessoryLine(refs)])).replace(/}$/, ',"extra":{"a":[1,{"b":2}]}}');
    expect((await save(shallow)).statusCode).toBe(200);
  });
});

describe('refusals before routing answer the error body', () => {
  it.each(['/%zz', '/api/inventorycashsale/list%?companyId=1', '/api/%E0%A4%A'])('a URL with broken percent-encoding is 400: %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: 'false', message: expect.stringMatching(/^invalid request URL/), code: 'BAD_REQUEST' });
  });

  /** Writes raw bytes to the server and returns what came back before it closed the connection. */
  const raw = (data: string) =>
    new Promise<string>((resolve, reject) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(data));
      let reply = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (reply += chunk));
      socket.on('close', () => resolve(reply));
      socket.on('error', reject);
    });

  it.each([
    ['not HTTP at all', 'GARBAGE\r\n\r\n', 400, 'BAD_REQUEST'],
    ['an unknown HTTP version', 'GET / HTTP/9.9\r\n\r\n', 400, 'BAD_REQUEST'],
    ['a bad Content-Length', 'POST /api/inventorycashsale/save HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'BAD_REQUEST'],
    ['a broken chunk', 'POST /api/inventorycashsale/save HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400, 'BAD_REQUEST'],
    ['headers over 16 KB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'PAYLOAD_TOO_LARGE'],
  ])('%s: %i with the error body, then the connection closes', async (_what, data, status, code) => {
    const reply = await raw(data);
    const [head = '', body = ''] = reply.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({ success: 'false', message: expect.any(String), code });
    // The server is still up.
    expect((await get('/api/itemcatalogspecs/list_for_receipt?companyId=1&start=0&limit=1')).statusCode).toBe(200);
  });
});
