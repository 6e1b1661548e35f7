/**
 * The strict check of an answer against the contract's schemas: each mismatch is named by its
 * JSON Pointer path, with what the interface expects and what came.
 */
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { MAX_COUNTED, schemaMismatches } from '../../src/client/schema-mismatches.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { cashSale, paidBalanceRow, saleItem } from './fixtures.js';

const sales = endpoints.listCashSales.response;
const paidBalance = endpoints.paidBalance.response;

describe('schemaMismatches', () => {
  it('finds none in an answer that follows the interface, sales and sale lines mixed', () => {
    expect(schemaMismatches(sales, { count: 2, list: [cashSale(1), saleItem(2)] })).toEqual({ first: [], total: 0, moreThanCounted: false });
  });

  it('names a field of the wrong type, with what came', () => {
    const { first, total } = schemaMismatches(sales, { count: 1, list: [{ ...cashSale(1), totalAmount: '12.50' }] });
    expect(first).toEqual(['/list/0/totalAmount: expected number (got "12.50")']);
    expect(total).toBe(1);
  });

  it('judges a record against the kind of record it is closest to, not every kind the list may hold', () => {
    // A sale with one field missing is told about that field, not about the sale-line fields it lacks.
    const { receiptNo: _dropped, ...withoutReceipt } = cashSale(1);
    expect(schemaMismatches(sales, { count: 1, list: [withoutReceipt] }).first).toEqual(['/list/0/receiptNo: is required']);
  });

  it('says when null is not allowed, and when it is one of the choices', () => {
    const { first } = schemaMismatches(paidBalance, [{ ...paidBalanceRow(), tntAccount: null, unitNo: 1 }]);
    expect(first).toEqual(['/0/unitNo: expected string or null (got 1)', '/0/tntAccount: expected string (got null)']);
  });

  it('names a bound when the type is right but the value is out of range', () => {
    const { first } = schemaMismatches(paidBalance, [{ ...paidBalanceRow(), vacant: 2 }]);
    expect(first).toEqual(['/0/vacant: expected integer to be less or equal to 1 (got 2)']);
  });

  it('lists the choices of an enumeration', () => {
    const schema = Type.Object({ approvedForPmt: Type.Union([Type.Literal('YES'), Type.Literal('NO')]) });
    expect(schemaMismatches(schema, { approvedForPmt: 'MAYBE' }).first).toEqual(['/approvedForPmt: expected one of YES, NO (got "MAYBE")']);
  });

  it('names the whole answer as / when it is of the wrong kind', () => {
    expect(schemaMismatches(paidBalance, { rows: [] }).first).toEqual(['/: expected array (got an object)']);
  });

  it('shows the first few and counts the rest', () => {
    const list = [1, 2, 3, 4, 5].map((id) => ({ ...cashSale(id), refNo: 5, balance: 'none' }));
    const found = schemaMismatches(sales, { count: 5, list }, 3);
    expect(found.first).toEqual([
      '/list/0/refNo: expected string or null (got 5)',
      '/list/0/balance: expected number (got "none")',
      '/list/1/refNo: expected string or null (got 5)',
    ]);
    expect(found.total).toBe(10);
    expect(found.moreThanCounted).toBe(false);
  });

  it('stops counting at a bound on a very wrong answer', () => {
    const list = Array.from({ length: MAX_COUNTED }, (_, i) => ({ ...cashSale(i + 1), refNo: 5, balance: 'none' }));
    const found = schemaMismatches(sales, { count: list.length, list });
    expect(found.total).toBe(MAX_COUNTED);
    expect(found.moreThanCounted).toBe(true);
  });
});
