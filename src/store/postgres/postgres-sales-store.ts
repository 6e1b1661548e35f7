/**
 * The sale and sale item lists on PostgreSQL (pg-sale-lists.ts), beside the sales units written
 * once for every engine (../units/sales-store-units.ts).
 */
import type pg from 'pg';
import type { SalesStore } from '../sales-store.js';
import { salesStoreOn } from '../units/sales-store-units.js';
import { postgresEngine } from './pg-engine.js';
import { listCashSalesOnPostgres, listSaleItemsOnPostgres } from './pg-sale-lists.js';

export function postgresSalesStore(pool: pg.Pool): SalesStore {
  return {
    ...salesStoreOn(postgresEngine(pool)),
    listCashSales: (filter) => listCashSalesOnPostgres(pool, filter),
    listSaleItems: (filter) => listSaleItemsOnPostgres(pool, filter),
  };
}
