/**
 * The cash sale record's JSON text has one live definition (the list repository); migration 05
 * indexes a frozen copy of it. The two must stay equal, or the company list would stop reading
 * its records from the index; and the record's fields are the contract's, in its order.
 */
import { describe, expect, it } from 'vitest';
import { CashSaleRecord } from '../../src/contract/cash-sale.js';
import { SALE_RECORD_JSON } from '../../src/store/sqlite/cash-sale-list.repository.js';
import { SALE_RECORD_JSON_AS_RELEASED } from '../../src/store/sqlite/migrations/2026-11-22-05-sale-wire-index.js';

describe('the sale record JSON expression', () => {
  it('is the one migration 05 indexes, as released', () => {
    expect(SALE_RECORD_JSON).toBe(SALE_RECORD_JSON_AS_RELEASED);
  });

  it("names the contract's record fields, in the contract's order", () => {
    const keys = [...SALE_RECORD_JSON.matchAll(/'(\w+)', /g)].map((m) => m[1]);
    expect(keys).toEqual(Object.keys(CashSaleRecord.properties));
  });
});
