/**
 * The cash sale list (4.1) and the sale item list (4.2), newest first (issueDate desc, id desc).
 * Without start and limit every matching record is returned; with them, one page. `count` is
 * the number of matching records (the company's is a maintained counter: one row read).
 * Records come as their JSON texts, built by the store (listSaleJson, listSaleItemJson).
 */
import {
  countSaleItems,
  countSales,
  listSaleItemJson,
  listSaleJson,
  saleStats,
  type SortKey,
  type PageRequest,
  type SaleFilter,
  type SaleItemFilter,
} from './cash-sale-list.repository.js';
import type { Store } from './open-db.js';
import { cursorAt, rememberCursor } from './page-cursor.js';
import { type Paging, type JsonEnvelope, type CashSaleListFilter, type SaleItemListFilter } from '../sales-store.js';

/** No start and no limit: every record. Otherwise from start (default 0), at most limit. */
function pageOf(paging: Paging): PageRequest {
  return { start: paging.start ?? 0, limit: paging.limit };
}

/**
 * Reads a page, seeking past the remembered end of the previous page when the walk is
 * sequential and nothing changed, and remembers where this page ends.
 */
function walk(store: Store, listKey: string, companyId: number | undefined, page: PageRequest, read: (after: SortKey | undefined) => string[]): string[] {
  if (companyId === undefined || page.start === 0 || page.limit === undefined) return read(undefined);
  const version = saleStats(store, companyId).version;
  const records = read(cursorAt(store, listKey, page.start, version));
  const last = records.at(-1);
  if (last !== undefined && records.length === page.limit) {
    const { issueDate, id } = JSON.parse(last) as SortKey;
    rememberCursor(store, listKey, page.start + records.length, version, { issueDate, id });
  }
  return records;
}

/** The `after` of the page's last record, when the reply is a page that may have a next. */
function nextAfterOf(list: readonly string[], paging: Paging): string | undefined {
  const last = list.at(-1);
  if (last === undefined || (paging.start === undefined && paging.limit === undefined && paging.afterId === undefined)) return undefined;
  const { issueDate, id } = JSON.parse(last) as SortKey;
  return `${issueDate}.${id}`;
}

/**
 * A page read after a record (a keyset reading): whatever is saved meanwhile, a record that
 * existed when a walk started comes in exactly one of its pages.
 */
function pageOrSeek(paging: Paging, walked: (after: SortKey | undefined) => string[], seek: (after: SortKey) => string[]): string[] {
  if (paging.afterId === undefined) return walked(undefined);
  return seek({ issueDate: paging.afterDate ?? Number.MAX_SAFE_INTEGER, id: paging.afterId });
}

export function listCashSales(store: Store, query: CashSaleListFilter): JsonEnvelope {
  const filter: SaleFilter = { companyId: query.companyId, retailShopId: query.retailShopId, userId: query.salesPersonId };
  const page = pageOf(query);
  const company = query.ownerCompanyId ?? query.companyId;
  const key = `sales:${filter.companyId ?? ''}:${filter.retailShopId ?? ''}:${filter.userId ?? ''}:${page.limit ?? ''}`;
  const list = pageOrSeek(
    query,
    () => walk(store, key, company, page, (after) => listSaleJson(store, filter, page, after)),
    (after) => listSaleJson(store, filter, page, after),
  );
  return { count: countSales(store, filter), list, nextAfter: nextAfterOf(list, query) };
}

export function listSaleItems(store: Store, query: SaleItemListFilter): JsonEnvelope {
  const filter: SaleItemFilter = {
    companyId: query.companyId,
    retailShopId: query.retailShopId,
    userId: query.salesPersonId,
    itemProductId: query.itemId,
    itemCategoryId: query.itemCategoryId,
  };
  const page = pageOf(query);
  const key = `items:${JSON.stringify(filter)}:${page.limit ?? ''}`;
  const list = pageOrSeek(
    query,
    () => walk(store, key, query.companyId, page, (after) => listSaleItemJson(store, filter, page, after)),
    (after) => listSaleItemJson(store, filter, page, after),
  );
  return { count: countSaleItems(store, filter), list, nextAfter: nextAfterOf(list, query) };
}
