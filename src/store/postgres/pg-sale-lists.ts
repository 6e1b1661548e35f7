/**
 * The cash sale list (4.1) and the sale item list (4.2) on PostgreSQL, newest first
 * (issue_date desc, id desc), each record as the JSON text SQLite's list sends
 * (store/sqlite/cash-sale-list.repository.ts: the same keys in the same order, written by
 * store/wire-json.ts as SQLite writes them), so a reply is the same bytes on either backend.
 * A sale's text is kept with the sale (the column wire_json, generated from its fields: the
 * migration 2026-11-27-60-sale-wire-json), as SQLite keeps it in an index; a line's text is
 * written by PostgreSQL per request. Either way the page's rows come as one text each. A page is an OFFSET over the date index, or with `after` a
 * keyset seek; the company's count is the counter its triggers keep. Page and count are read by
 * one statement.
 */
import type pg from 'pg';
import type { CashSaleListFilter, JsonEnvelope, Paging, SaleItemListFilter } from '../sales-store.js';
import { numbersOf } from './pg-numbers.js';
import { int, real, recordSql, text } from './pg-wire-json.js';
import { statementAlone } from './pg-unit-of-work.js';

/** A sale line's record, in SQLite's ITEM_RECORD_JSON order; l is the line, s its sale. */
const ITEM_JSON = recordSql([
  ['id', int('l.id')],
  ['itemName', text('l.item_name')],
  ['itemProductId', int('l.item_product_id')],
  ['itemProductCatId', int('l.item_category_id')],
  ['invItemSpecsId', int('l.item_spec_id')],
  ['batchItemIssueId', int('l.sale_id')],
  ['buyingPrice', real('l.price_cents', 100)],
  ['originalBuyingPrice', real('l.original_price_cents', 100)],
  ['defaultBuyingPrice', real('l.default_price_cents', 100)],
  ['unitCost', real('l.unit_cost_cents', 100)],
  ['qty', real('l.qty_milli', 1000)],
  ['discount', real('l.discount_cents', 100)],
  ['taxIncExc', text('l.tax_inc_exc::text')],
  ['taxRateId', int('l.tax_rate_id')],
  ['taxRate', real('l.tax_rate_bp', 100)],
  ['taxAmount', real('l.tax_cents', 100)],
  ['lineTotal', real('l.line_total_cents', 100)],
  ['profit', real('l.profit_cents', 100)],
  ['issuedTo', text('s.issued_to')],
  ['issuedToPhone', text('s.issued_to_phone')],
  ['issueDate', int('l.issue_date')],
  ['refNo', text('s.ref_no')],
  ['retailShopId', int('l.retail_shop_id')],
  ['companyId', int('l.company_id')],
  ['userId', int('l.user_id')],
]);

/** Conditions with numbered parameters, from column = value pairs (undefined values left out). */
function whereOf(pairs: [string, number | undefined][], firstParam = 1): { where: string; params: number[] } {
  const given = pairs.filter((p): p is [string, number] => p[1] !== undefined);
  return { where: given.map(([column], i) => `${column} = $${firstParam + i}`).join(' and '), params: given.map(([, value]) => value) };
}

/** The page's bounds: after a record (keyset), or from an offset; every row without start and limit. */
function pageClause(paging: Paging, params: unknown[]): string {
  let seek = '';
  if (paging.afterId !== undefined) {
    params.push(paging.afterDate ?? Number.MAX_SAFE_INTEGER, paging.afterId);
    seek = ` and (issue_date, id) < ($${params.length - 1}, $${params.length})`;
  }
  params.push(paging.limit ?? null, paging.afterId !== undefined ? 0 : (paging.start ?? 0));
  return `${seek} order by issue_date desc, id desc limit $${params.length - 1} offset $${params.length}`;
}

/** The `after` of the page's last record, when the reply is a page that may have a next (as SQLite's list says it). */
function nextAfterOf(last: { issue_date: number; id: number } | undefined, paging: Paging): string | undefined {
  if (last === undefined || (paging.start === undefined && paging.limit === undefined && paging.afterId === undefined)) return undefined;
  return `${last.issue_date}.${last.id}`;
}

/**
 * A page and its count in ONE statement: a statement reads one snapshot, so the count cannot
 * see sales committed after the page was read (a walk of every page would end short of the
 * count it was told, an export refused as incomplete), with no transaction to begin and end
 * (one round trip). The count comes on every row, and alone (json null) when the page is empty.
 */
async function pageWithCount(pool: pg.Pool, page: string, count: string, params: unknown[]): Promise<{ count: number; rows: PageRow[] }> {
  const text = `select c.n as count, p.json, p.issue_date, p.id from (${count}) c left join (${page}) p on true order by p.issue_date desc, p.id desc`;
  const rows = (await statementAlone(pool, namedQuery(text, params))).rows.map((row) => numbersOf<PageRow & { count: number }>(row as Record<string, unknown>));
  return { count: rows[0]?.count ?? 0, rows: rows.filter((row) => row.json !== null) };
}

interface PageRow {
  json: string;
  issue_date: number;
  id: number;
}

/** Each text run as a named prepared statement: each pooled connection parses and plans it once. */
const statementNames = new Map<string, string>();
function namedQuery(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined) statementNames.set(text, (name = `sale_list_${statementNames.size + 1}`));
  return { name, text, values };
}

export async function listCashSalesOnPostgres(pool: pg.Pool, query: CashSaleListFilter): Promise<JsonEnvelope> {
  // One filter column at a time (the accepted shapes), the shop's or person's before the company's.
  const column: [string, number | undefined] =
    query.retailShopId !== undefined
      ? ['retail_shop_id', query.retailShopId]
      : query.salesPersonId !== undefined
        ? ['user_id', query.salesPersonId]
        : ['company_id', query.companyId];
  if (column[1] === undefined) throw new Error('a sale filter needs a company, shop or user');
  const { where, params } = whereOf([column]);
  const all: unknown[] = [...params];
  const page = `select wire_json as json, issue_date, id from cash_sales where ${where}${pageClause(query, all)}`;
  const count =
    column[0] === 'company_id'
      ? `select coalesce((select count from cash_sale_stats where company_id = $1), 0) as n`
      : `select count(*) as n from cash_sales where ${where}`;
  const { count: n, rows } = await pageWithCount(pool, page, count, all);
  return { count: n, list: rows.map((row) => row.json), nextAfter: nextAfterOf(rows.at(-1), query) };
}

export async function listSaleItemsOnPostgres(pool: pg.Pool, query: SaleItemListFilter): Promise<JsonEnvelope> {
  const { where, params } = whereOf([
    ['company_id', query.companyId],
    ['retail_shop_id', query.retailShopId],
    ['user_id', query.salesPersonId],
    ['item_product_id', query.itemId],
    ['item_category_id', query.itemCategoryId],
  ]);
  const all: unknown[] = [...params];
  const ids = `select id from cash_sale_lines where ${where}${pageClause(query, all)}`;
  const page = `select ${ITEM_JSON} as json, l.issue_date, l.id from cash_sale_lines l join cash_sales s on s.id = l.sale_id where l.id in (${ids})`;
  const { count, rows } = await pageWithCount(pool, page, `select count(*) as n from cash_sale_lines where ${where}`, all);
  return { count, list: rows.map((row) => row.json), nextAfter: nextAfterOf(rows.at(-1), query) };
}
