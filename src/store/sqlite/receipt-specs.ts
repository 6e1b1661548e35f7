/**
 * The receipt list (4.3): the company's serialised units in stock, oldest unit first, with
 * rowId their zero-based position in the returned page and what a sale line needs (DOMAIN.md).
 */
import type { EnvelopeOf } from '../../contract/common.js';
import type { ItemCatalogSpecRecord } from '../../contract/receipt.js';
import { countUnitsInStock, listUnitsInStock } from './item-spec.repository.js';
import type { Store } from './open-db.js';

/**
 * With afterId (the unit the previous page ended at, from X-Next-After) the page is the units
 * after that one (a keyset reading): a unit in stock when a walk started comes in exactly one
 * page, whatever is sold or added meanwhile.
 */
export function listReceiptSpecs(
  store: Store,
  query: { companyId: number; start?: number; limit?: number; afterId?: number },
): EnvelopeOf<ItemCatalogSpecRecord> & { nextAfter?: string } {
  const afterId = query.afterId;
  const rows = listUnitsInStock(store, query.companyId, { start: afterId === undefined ? (query.start ?? 0) : 0, limit: query.limit }, afterId);
  const list = rows.map((row, rowId) => ({ ...row, rowId }));
  const paged = query.start !== undefined || query.limit !== undefined || afterId !== undefined;
  const last = list.at(-1);
  return { count: countUnitsInStock(store, query.companyId), list, ...(paged && last ? { nextAfter: String(last.id) } : {}) };
}
