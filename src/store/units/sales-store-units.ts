/**
 * The sales area of the store interface (../sales-store.ts) written once: the save, the receipt
 * list, sale payments, the unit look-up and reference data, each one unit of work of the engine.
 * The sale and sale item lists are each engine's own (SQLite reads each sale's record from its
 * JSON index; PostgreSQL builds it), and SQLite commits saves in groups (its sale-group-commit.ts).
 */
import type { SalesStore } from '../sales-store.js';
import type { Engine } from '../unit-of-work/transaction.js';
import { saveCashSale } from './sale-save.js';
import { receiptSpecs, referenceData, salePayments, unitsByIdentifier } from './sales-reads.js';

export function salesStoreOn(engine: Engine): Omit<SalesStore, 'listCashSales' | 'listSaleItems'> {
  return {
    saveCashSale: (input) => saveCashSale(engine, input),
    receiptSpecs: (filter) => engine.unit('read', (tx) => receiptSpecs(tx, filter)),
    salePayments: (companyId, saleIds) => engine.unit('read', (tx) => salePayments(tx, companyId, saleIds)),
    unitsByIdentifier: (companyId, identifier) => engine.unit('read', (tx) => unitsByIdentifier(tx, companyId, identifier)),
    referenceData: (companyId, unitIds) => engine.unit('read', (tx) => referenceData(tx, companyId, unitIds)),
  };
}
