/**
 * Replies are checked leniently: extra fields, nulls and absent values pass; a wrong shape is
 * refused with the path of the field.
 */
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/errors.js';
import { lenientSchema, validateResponse } from '../../src/client/validate.js';
import { endpoints } from '../../src/contract/index.js';
import { clientFor } from './client-setup.js';
import { cashSale, payAdvice, paidBalanceRow, saleItem, statement } from './fixtures.js';
import { errorExit } from '../../src/cli/error-exit.js';
import { json, startServer, type TestServer } from './http-fixture.js';

const context = { method: 'GET', path: '/api/x', status: 200, operation: 'x' };

function problem(schema: Parameters<typeof validateResponse>[0], value: unknown): string | undefined {
  try {
    validateResponse(schema, value, context);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalidResponse');
    return (error as ApiError).serverMessage;
  }
}

describe('lenient reply check', () => {
  const sales = endpoints.listCashSales.response;

  it('accepts extra fields, nulls and absent values', () => {
    const { totalAmount: _dropped, ...withoutTotal } = cashSale(2);
    const reply = {
      count: 3,
      list: [{ ...cashSale(1), someNewField: { nested: true }, notes: null, balance: null }, withoutTotal, { ...saleItem(3), invItemSpecsId: null }],
      serverVersion: '9.1',
    };
    expect(problem(sales, reply)).toBeUndefined();
    expect(problem(endpoints.paidBalance.response, [{ ...paidBalanceRow(), rentTaxPrev: null, unknownColumn: 1 }])).toBeUndefined();
    expect(problem(endpoints.payAdvice.response, { ...payAdvice(), expenseList: null, rentsList: [{ unitNo: 'A1' }] })).toBeUndefined();
    expect(problem(endpoints.statements.response, { count: 1, list: [{ ...statement(1), approvedForPmt: 'YES', dateApproved: null }] })).toBeUndefined();
    expect(problem(endpoints.saveCashSale.response, { success: 'true', message: 'saved' })).toBeUndefined();
  });

  it('accepts values outside the contract ranges: only types are checked', () => {
    expect(problem(endpoints.paidBalance.response, [{ ...paidBalanceRow(), vacant: 2, putmId: 0 }])).toBeUndefined();
  });

  it('refuses a list that is not an array', () => {
    expect(problem(sales, { count: 1, list: { 0: cashSale(1) } })).toBe('unexpected reply: list: expected array (got an object)');
    expect(problem(endpoints.paidBalance.response, { rows: [] })).toBe('unexpected reply: (whole reply): expected array (got an object)');
  });

  it('refuses text where a number belongs, naming the record and field', () => {
    const list = [cashSale(1), cashSale(2), cashSale(3), { ...cashSale(4), totalAmount: '1,160.00' }];
    expect(problem(sales, { count: 4, list })).toBe('unexpected reply: list/3/totalAmount: expected number (got "1,160.00")');
  });

  it('checks a sale item record among the sales by its own fields', () => {
    expect(problem(sales, { count: 1, list: [{ ...saleItem(1), lineTotal: 'abc' }] })).toBe('unexpected reply: list/0/lineTotal: expected number (got "abc")');
  });

  it('finds nested problems', () => {
    const advice = { ...payAdvice(), rentsList: [{ ...payAdvice().rentsList[0], amountPaid: true }] };
    expect(problem(endpoints.payAdvice.response, advice)).toBe('unexpected reply: rentsList/0/amountPaid: expected number (got true)');
    expect(problem(endpoints.statementPdf.response, { success: 'true', message: 42 })).toBe('unexpected reply: message: expected string (got 42)');
  });

  it('derives each lenient schema once', () => {
    const schema = Type.Object({ a: Type.Number() });
    expect(lenientSchema(schema)).toBe(lenientSchema(schema));
  });
});

describe('replies through the client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  async function listFrom(body: unknown): Promise<unknown> {
    server.handle((_req, res) => json(res, 200, body));
    const client = clientFor(server.url);
    try {
      return await client.listCashSales({ companyId: 1 });
    } catch (error) {
      return error;
    } finally {
      await client.close();
    }
  }

  it('returns a tolerated reply as it came', async () => {
    const body = { count: 1, list: [{ ...cashSale(1), extra: 'x', notes: null }] };
    expect(await listFrom(body)).toEqual(body);
  });

  it('refuses a wrong shape with an invalid response error (exit 6) naming the field', async () => {
    const error = (await listFrom({ count: 1, list: [{ ...cashSale(1), id: 'one' }] })) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('invalidResponse');
    expect(error.message).toContain(
      'cash sale list (GET /api/inventorycashsale/list) failed: HTTP 200 unexpected reply: list/0/id: expected integer (got "one")',
    );
    expect(errorExit(error).exitCode).toBe(6);
  });

  it('refuses an envelope without its count or list', async () => {
    expect(((await listFrom({ list: [] })) as ApiError).serverMessage).toBe('unexpected reply: count: is required');
    expect(((await listFrom({ count: 0, list: null })) as ApiError).serverMessage).toBe('unexpected reply: list: expected array (got null)');
  });
});
