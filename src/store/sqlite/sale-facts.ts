/**
 * What this SQLite store holds that a save depends on (services/sale-composition.ts SaveFacts),
 * read as the rules ask, inside the save's transaction.
 */
import { soldUnitText } from '../../domain/sold-unit-text.js';
import type { SaveFacts } from '../../services/sale-composition.js';
import { findSale, findSaleByIdempotencyKey } from './cash-sale.repository.js';
import type { Store } from './open-db.js';
import { companyOf, companyTimeZone, productForSale, taxRateForSale, unitForSale } from './sales-reference.repository.js';
import { unitWithSale } from './unit-sale.repository.js';

/** The facts of a save of the company's sale. */
export function saveFacts(store: Store, companyId: number): SaveFacts {
  return {
    saleByIdempotencyKey: (company, key) => findSaleByIdempotencyKey(store, company, key),
    companyTimeZone: (company) => companyTimeZone(store, company),
    sale: (id) => findSale(store, id),
    companyOf: (kind, id) => companyOf(store, kind, id),
    product: (id) => productForSale(store, id),
    taxRate: (id) => taxRateForSale(store, id),
    unit: (id) => unitForSale(store, id),
    soldUnitMessage: (unitId) => soldUnitMessage(store, unitId, companyId),
  };
}

/** "unit 7 is already sold on receipt R12 ...": which sale sold it, when and by whom. */
export function soldUnitMessage(store: Store, unitId: number, companyId: number): string {
  const unit = unitWithSale(store, unitId);
  return unit ? soldUnitText(unit, companyTimeZone(store, companyId) ?? 'Africa/Nairobi') : `unit ${unitId} is already sold`;
}
