/**
 * Reads of the cash sale list and the sale item list, newest first (issue_date desc, id desc),
 * each record as the JSON text the endpoint sends, built by SQLite.
 * Money is cents / 100.0 in SQL: an integer divided by 100 is the double nearest to the
 * two-decimal amount, the same number fromCents() gives.
 */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

/** A page: zero-based offset and size; size undefined = every row from the offset. */
export interface PageRequest {
  start: number;
  limit?: number;
}

/** The position of a row in newest-first order, to continue a walk with a keyset seek. */
export interface SortKey {
  issueDate: number;
  id: number;
}

export interface SaleFilter {
  companyId?: number;
  retailShopId?: number;
  userId?: number;
}

/**
 * A sale as the list endpoint sends it (2.2): its JSON text, built by SQLite. This is the one
 * definition of the record's shape. For a company's list it is read from the index that holds
 * it (migration 2026-11-22-05 indexes a frozen copy; a test holds the two equal, and a change
 * here needs a migration that rebuilds the index), so a page costs one text value per sale; for a shop or
 * a sales person it is computed from the row. Money is cents / 100.0, the same IEEE division as
 * fromCents(), and SQLite writes doubles so that they read back as the same number.
 */
export const SALE_RECORD_JSON = `json_object('id', id, 'issueDate', issue_date, 'issuedTo', issued_to,
  'issuedToPhone', issued_to_phone, 'amountPaid', amount_paid_cents / 100.0, 'paymentMethod', payment_method,
  'transactionType', transaction_type, 'refNo', ref_no, 'receiptNo', receipt_no, 'notes', notes,
  'companyId', company_id, 'cashbookId', cashbook_id, 'retailShopId', retail_shop_id, 'userId', user_id,
  'totalDiscount', total_discount_cents / 100.0, 'totalTax', total_tax_cents / 100.0,
  'subTotal', sub_total_cents / 100.0, 'totalAmount', total_amount_cents / 100.0, 'balance', balance_cents / 100.0)`;

/** One filter column at a time (the accepted shapes), each backed by an index in date order. */
function saleWhere(filter: SaleFilter): { where: string; params: number[] } {
  if (filter.retailShopId !== undefined) return { where: 'retail_shop_id = ?', params: [filter.retailShopId] };
  if (filter.userId !== undefined) return { where: 'user_id = ?', params: [filter.userId] };
  if (filter.companyId !== undefined) return { where: 'company_id = ?', params: [filter.companyId] };
  throw new Error('a sale filter needs a company, shop or user');
}

/** The maintained per-company count and write version (see the sales migration's triggers). */
export function saleStats(store: Store, companyId: number): { count: number; version: number } {
  return (
    prepared<[number], { count: number; version: number }>(store, 'select count, version from cash_sale_stats where company_id = ?').get(companyId) ?? {
      count: 0,
      version: 0,
    }
  );
}

export function countSales(store: Store, filter: SaleFilter): number {
  if (filter.retailShopId === undefined && filter.userId === undefined && filter.companyId !== undefined) return saleStats(store, filter.companyId).count;
  const { where, params } = saleWhere(filter);
  return prepared<number[], { n: number }>(store, `select count(*) as n from cash_sales where ${where}`).get(...params)!.n;
}

/**
 * The query of a page of sales in newest-first order, each as its record's JSON text. With
 * `after`, a keyset seek past that row (0.1 ms at any depth); otherwise OFFSET over the narrow
 * date index, then the page's rows by id (a few ms at 100k deep).
 */
export function saleJsonQuery(filter: SaleFilter, page: PageRequest, after?: SortKey): { sql: string; params: number[] } {
  const { where, params } = saleWhere(filter);
  const limit = page.limit ?? -1;
  const order = 'order by issue_date desc, id desc';
  if (after) {
    return {
      sql: `select ${SALE_RECORD_JSON} from cash_sales where ${where} and (issue_date, id) < (?, ?) ${order} limit ?`,
      params: [...params, after.issueDate, after.id, limit],
    };
  }
  if (page.start === 0) return { sql: `select ${SALE_RECORD_JSON} from cash_sales where ${where} ${order} limit ?`, params: [...params, limit] };
  return {
    sql: `select ${SALE_RECORD_JSON} from cash_sales where id in (select id from cash_sales where ${where} ${order} limit ? offset ?) ${order}`,
    params: [...params, limit, page.start],
  };
}

export function listSaleJson(store: Store, filter: SaleFilter, page: PageRequest, after?: SortKey): string[] {
  const { sql, params } = saleJsonQuery(filter, page, after);
  return prepared<number[], string>(store, sql)
    .pluck(true)
    .all(...params);
}

export interface SaleItemFilter {
  companyId: number;
  retailShopId?: number;
  userId?: number;
  itemProductId?: number;
  itemCategoryId?: number;
}

function itemWhere(filter: SaleItemFilter): { where: string; params: number[] } {
  const parts = ['company_id = ?'];
  const params = [filter.companyId];
  const add = (column: string, value: number | undefined) => {
    if (value === undefined) return;
    parts.push(`${column} = ?`);
    params.push(value);
  };
  add('retail_shop_id', filter.retailShopId);
  add('user_id', filter.userId);
  add('item_product_id', filter.itemProductId);
  add('item_category_id', filter.itemCategoryId);
  return { where: parts.join(' and '), params };
}

/** A sale line as the item list sends it (2.3): its JSON text, in contract field order, built by SQLite. */
const ITEM_RECORD_JSON = `json_object('id', l.id, 'itemName', l.item_name, 'itemProductId', l.item_product_id,
  'itemProductCatId', l.item_category_id, 'invItemSpecsId', l.item_spec_id, 'batchItemIssueId', l.sale_id,
  'buyingPrice', l.price_cents / 100.0, 'originalBuyingPrice', l.original_price_cents / 100.0,
  'defaultBuyingPrice', l.default_price_cents / 100.0, 'unitCost', l.unit_cost_cents / 100.0, 'qty', l.qty_milli / 1000.0,
  'discount', l.discount_cents / 100.0, 'taxIncExc', cast(l.tax_inc_exc as text), 'taxRateId', l.tax_rate_id,
  'taxRate', l.tax_rate_bp / 100.0, 'taxAmount', l.tax_cents / 100.0, 'lineTotal', l.line_total_cents / 100.0,
  'profit', l.profit_cents / 100.0, 'issuedTo', s.issued_to, 'issuedToPhone', s.issued_to_phone, 'issueDate', l.issue_date,
  'refNo', s.ref_no, 'retailShopId', l.retail_shop_id, 'companyId', l.company_id, 'userId', l.user_id)`;

export function countSaleItems(store: Store, filter: SaleItemFilter): number {
  const { where, params } = itemWhere(filter);
  return prepared<number[], { n: number }>(store, `select count(*) as n from cash_sale_lines where ${where}`).get(...params)!.n;
}

/** Sale lines in newest-first order, each as its record's JSON text. */
export function listSaleItemJson(store: Store, filter: SaleItemFilter, page: PageRequest, after?: SortKey): string[] {
  const { where, params } = itemWhere(filter);
  const limit = page.limit ?? -1;
  const seek = after ? ' and (issue_date, id) < (?, ?)' : '';
  const seekParams = after ? [after.issueDate, after.id] : [];
  const offset = after ? 0 : page.start;
  return prepared<number[], string>(
    store,
    `select ${ITEM_RECORD_JSON} from cash_sale_lines l join cash_sales s on s.id = l.sale_id
      where l.id in (select id from cash_sale_lines where ${where}${seek} order by issue_date desc, id desc limit ? offset ?)
      order by l.issue_date desc, l.id desc`,
  )
    .pluck(true)
    .all(...params, ...seekParams, limit, offset);
}
