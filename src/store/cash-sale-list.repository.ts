/**
 * Reads of the cash sale list and the sale item list, newest first (issue_date desc, id desc).
 * Money is cents / 100 (in SQL for sale items, in saleRecords for sales): an integer divided
 * by 100 is the double nearest to the two-decimal amount, the same number fromCents() gives.
 */
import type { CashSaleRecord, SaleItemRecord } from '../contract/cash-sale.js';
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

// Read as arrays (`.raw()`) and built into records here: better-sqlite3 builds a row object
// property by property, several times slower than a literal of a fixed shape. Cents are read
// as integers (cheaper to hand over than doubles) and divided here, the same IEEE division.
const SALE_COLUMNS = `id, issue_date, issued_to, issued_to_phone, amount_paid_cents, payment_method, transaction_type,
  ref_no, receipt_no, notes, company_id, cashbook_id, retail_shop_id, user_id, total_discount_cents,
  total_tax_cents, sub_total_cents, total_amount_cents, balance_cents`;

type SaleRow = [
  number, number, string | null, string | null, number, string, string, string | null, string, string | null,
  number, number | null, number | null, number | null, number, number, number, number, number,
];

function saleRecords(rows: SaleRow[]): CashSaleRecord[] {
  const records = new Array<CashSaleRecord>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    records[i] = {
      id: r[0],
      issueDate: r[1],
      issuedTo: r[2],
      issuedToPhone: r[3],
      amountPaid: r[4] / 100,
      paymentMethod: r[5],
      transactionType: r[6],
      refNo: r[7],
      receiptNo: r[8],
      notes: r[9],
      companyId: r[10],
      cashbookId: r[11],
      retailShopId: r[12],
      userId: r[13],
      totalDiscount: r[14] / 100,
      totalTax: r[15] / 100,
      subTotal: r[16] / 100,
      totalAmount: r[17] / 100,
      balance: r[18] / 100,
    };
  }
  return records;
}

/** One filter column at a time (the accepted shapes), each backed by an index in date order. */
function saleWhere(filter: SaleFilter): { where: string; params: number[] } {
  if (filter.retailShopId !== undefined) return { where: 'retail_shop_id = ?', params: [filter.retailShopId] };
  if (filter.userId !== undefined) return { where: 'user_id = ?', params: [filter.userId] };
  if (filter.companyId !== undefined) return { where: 'company_id = ?', params: [filter.companyId] };
  throw new Error('a sale filter needs a company, shop or user');
}

/** The maintained per-company count and write version (see the sales migration's triggers). */
export function saleStats(store: Store, companyId: number): { count: number; version: number } {
  return prepared<[number], { count: number; version: number }>(store, 'select count, version from cash_sale_stats where company_id = ?').get(companyId) ?? { count: 0, version: 0 };
}

export function countSales(store: Store, filter: SaleFilter): number {
  if (filter.retailShopId === undefined && filter.userId === undefined && filter.companyId !== undefined) return saleStats(store, filter.companyId).count;
  const { where, params } = saleWhere(filter);
  return prepared<number[], { n: number }>(store, `select count(*) as n from cash_sales where ${where}`).get(...params)!.n;
}

/**
 * Sales in newest-first order. With `after`, a keyset seek past that row (0.1 ms at any depth);
 * otherwise OFFSET over the covering index, then the page's rows by id (a few ms at 100k deep).
 */
export function listSales(store: Store, filter: SaleFilter, page: PageRequest, after?: SortKey): CashSaleRecord[] {
  const { where, params } = saleWhere(filter);
  const limit = page.limit ?? -1;
  const rows = (text: string) => prepared<number[], SaleRow>(store, text).raw(true);
  if (after) {
    return saleRecords(
      rows(`select ${SALE_COLUMNS} from cash_sales where ${where} and (issue_date, id) < (?, ?) order by issue_date desc, id desc limit ?`).all(
        ...params,
        after.issueDate,
        after.id,
        limit,
      ),
    );
  }
  if (page.start === 0) {
    return saleRecords(rows(`select ${SALE_COLUMNS} from cash_sales where ${where} order by issue_date desc, id desc limit ?`).all(...params, limit));
  }
  return saleRecords(
    rows(
      `select ${SALE_COLUMNS} from cash_sales where id in (select id from cash_sales where ${where} order by issue_date desc, id desc limit ? offset ?)
      order by issue_date desc, id desc`,
    ).all(...params, limit, page.start),
  );
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

const ITEM_COLUMNS = `l.id, l.item_name as itemName, l.item_product_id as itemProductId, l.item_category_id as itemProductCatId,
  l.item_spec_id as invItemSpecsId, l.sale_id as batchItemIssueId, l.price_cents / 100.0 as buyingPrice,
  l.original_price_cents / 100.0 as originalBuyingPrice, l.default_price_cents / 100.0 as defaultBuyingPrice,
  l.unit_cost_cents / 100.0 as unitCost, l.qty_milli / 1000.0 as qty, l.discount_cents / 100.0 as discount,
  cast(l.tax_inc_exc as text) as taxIncExc, l.tax_rate_id as taxRateId, l.tax_rate_bp / 100.0 as taxRate,
  l.tax_cents / 100.0 as taxAmount, l.line_total_cents / 100.0 as lineTotal, l.profit_cents / 100.0 as profit,
  s.issued_to as issuedTo, s.issued_to_phone as issuedToPhone, l.issue_date as issueDate, s.ref_no as refNo,
  l.retail_shop_id as retailShopId, l.company_id as companyId, l.user_id as userId`;

export function countSaleItems(store: Store, filter: SaleItemFilter): number {
  const { where, params } = itemWhere(filter);
  return prepared<number[], { n: number }>(store, `select count(*) as n from cash_sale_lines where ${where}`).get(...params)!.n;
}

export function listSaleItems(store: Store, filter: SaleItemFilter, page: PageRequest, after?: SortKey): SaleItemRecord[] {
  const { where, params } = itemWhere(filter);
  const limit = page.limit ?? -1;
  const seek = after ? ' and (issue_date, id) < (?, ?)' : '';
  const seekParams = after ? [after.issueDate, after.id] : [];
  const offset = after ? 0 : page.start;
  return prepared<number[], SaleItemRecord>(
    store,
    `select ${ITEM_COLUMNS} from cash_sale_lines l join cash_sales s on s.id = l.sale_id
      where l.id in (select id from cash_sale_lines where ${where}${seek} order by issue_date desc, id desc limit ? offset ?)
      order by l.issue_date desc, l.id desc`,
  ).all(...params, ...seekParams, limit, offset);
}
