/**
 * The store interface on PostgreSQL, as far as it goes: the save of a cash sale and the receipt
 * list of the sales area (sales-store.ts). Each unit runs on a pooled connection of its own
 * (pg-unit-of-work.ts). The rest of the interface (the sale lists, reports, statements,
 * imports, tokens) is still SQLite's alone, so `serve` does not run on PostgreSQL yet.
 */
import type pg from 'pg';
import type { SalesStore } from '../sales-store.js';
import { receiptSpecsOnPostgres } from './pg-receipt-specs.js';
import { saveCashSaleOnPostgres } from './pg-sale-save.js';

/** The units of the sales area PostgreSQL implements so far. */
export type PostgresSalesStore = Pick<SalesStore, 'saveCashSale' | 'receiptSpecs'>;

export function postgresSalesStore(pool: pg.Pool): PostgresSalesStore {
  return {
    saveCashSale: (input) => saveCashSaleOnPostgres(pool, input),
    receiptSpecs: (filter) => receiptSpecsOnPostgres(pool, filter),
  };
}
