/**
 * The store interface on PostgreSQL, as far as it goes: the save of a cash sale, the sale list,
 * the sale item list and the receipt list of the sales area (sales-store.ts), each unit on a
 * pooled connection of its own (pg-unit-of-work.ts). The rest of the interface (sale payments,
 * unit look-up, reference data, reports, statements, imports, tokens, users) is still SQLite's
 * alone, so `serve` does not run on PostgreSQL yet.
 */
import type pg from 'pg';
import type { SalesStore } from '../sales-store.js';
import { receiptSpecsOnPostgres } from './pg-receipt-specs.js';
import { listCashSalesOnPostgres, listSaleItemsOnPostgres } from './pg-sale-lists.js';
import { saveCashSaleOnPostgres } from './pg-sale-save.js';

/** The units of the sales area PostgreSQL implements so far. */
export type PostgresSalesStore = Pick<SalesStore, 'saveCashSale' | 'listCashSales' | 'listSaleItems' | 'receiptSpecs'>;

export function postgresSalesStore(pool: pg.Pool): PostgresSalesStore {
  return {
    saveCashSale: (input) => saveCashSaleOnPostgres(pool, input),
    listCashSales: (filter) => listCashSalesOnPostgres(pool, filter),
    listSaleItems: (filter) => listSaleItemsOnPostgres(pool, filter),
    receiptSpecs: (filter) => receiptSpecsOnPostgres(pool, filter),
  };
}
