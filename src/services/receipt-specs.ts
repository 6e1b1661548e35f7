/**
 * The receipt list (4.3): the company's serialised units in stock, oldest unit first, with
 * rowId their zero-based position in the returned page and what a sale line needs (DOMAIN.md).
 */
import type { EnvelopeOf } from '../contract/common.js';
import type { ItemCatalogSpecRecord } from '../contract/receipt.js';
import { countUnitsInStock, listUnitsInStock } from '../store/item-spec.repository.js';
import type { Store } from '../store/open-db.js';

export function listReceiptSpecs(store: Store, query: { companyId: number; start?: number; limit?: number }): EnvelopeOf<ItemCatalogSpecRecord> {
  const rows = listUnitsInStock(store, query.companyId, { start: query.start ?? 0, limit: query.limit });
  const list = rows.map((row, rowId) => ({ ...row, rowId }));
  return { count: countUnitsInStock(store, query.companyId), list };
}
