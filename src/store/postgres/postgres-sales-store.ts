/**
 * The store interface on PostgreSQL, as far as it goes: the whole sales area (sales-store.ts:
 * the save, the sale and sale item lists, the receipt list, sale payments, the unit look-up,
 * reference data), each unit on a pooled connection of its own (pg-unit-of-work.ts). The rest of
 * the interface (reports, statements, imports, tokens, users, log-in, company set-up) is still
 * SQLite's alone, so `serve` does not run on PostgreSQL yet.
 */
import type pg from 'pg';
import type { SalesStore } from '../sales-store.js';
import { receiptSpecsOnPostgres } from './pg-receipt-specs.js';
import { referenceDataOnPostgres } from './pg-reference-data.js';
import { listCashSalesOnPostgres, listSaleItemsOnPostgres } from './pg-sale-lists.js';
import { salePaymentsOnPostgres } from './pg-sale-payments.js';
import { unitsByIdentifierOnPostgres } from './pg-unit-lookup.js';
import { saveCashSaleOnPostgres } from './pg-sale-save.js';

export function postgresSalesStore(pool: pg.Pool): SalesStore {
  return {
    saveCashSale: (input) => saveCashSaleOnPostgres(pool, input),
    listCashSales: (filter) => listCashSalesOnPostgres(pool, filter),
    listSaleItems: (filter) => listSaleItemsOnPostgres(pool, filter),
    receiptSpecs: (filter) => receiptSpecsOnPostgres(pool, filter),
    salePayments: (companyId, saleIds) => salePaymentsOnPostgres(pool, companyId, saleIds),
    unitsByIdentifier: (companyId, identifier) => unitsByIdentifierOnPostgres(pool, companyId, identifier),
    referenceData: (companyId, unitIds) => referenceDataOnPostgres(pool, companyId, unitIds),
  };
}
