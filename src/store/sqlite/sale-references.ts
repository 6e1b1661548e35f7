/**
 * The ids a sale names, judged by the domain's rules (domain/sale-references.ts) over what this
 * SQLite store holds, read as the rules ask inside the save's transaction; ids of another
 * company are refused together (403).
 */
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import type { CheckedSale } from '../../domain/sale-check.js';
import { judgeSaleReferences, type SaleReferenceFacts, type SaleReferences } from '../../domain/sale-references.js';
import { soldUnitText } from '../../domain/sold-unit-text.js';
import { ServiceError } from '../../services/service-error.js';
import type { StoredSaleKey } from './cash-sale.repository.js';
import type { Store } from './open-db.js';
import { companyOf, companyTimeZone, productForSale, taxRateForSale, unitForSale } from './sales-reference.repository.js';
import { unitWithSale } from './unit-sale.repository.js';

/** `existing` is the sale an update replaces (its units count as in stock for it). */
export function checkSaleReferences(store: Store, body: SaveCashSaleBody, checked: CheckedSale, existing: StoredSaleKey | undefined): SaleReferences {
  const facts: SaleReferenceFacts = {
    companyOf: (kind, id) => companyOf(store, kind, id),
    product: (id) => productForSale(store, id),
    taxRate: (id) => taxRateForSale(store, id),
    unit: (id) => unitForSale(store, id),
    soldUnitMessage: (unitId) => soldUnitMessage(store, unitId, body.companyId),
  };
  const references = judgeSaleReferences(body, checked, existing, facts);
  if (references.foreign.length > 0) throw new ServiceError('forbidden', `not of company ${body.companyId}: ${references.foreign.join(', ')}`);
  return references;
}

/** "unit 7 is already sold on receipt R12 ...": which sale sold it, when and by whom. */
export function soldUnitMessage(store: Store, unitId: number, companyId: number): string {
  const unit = unitWithSale(store, unitId);
  return unit ? soldUnitText(unit, companyTimeZone(store, companyId) ?? 'Africa/Nairobi') : `unit ${unitId} is already sold`;
}
