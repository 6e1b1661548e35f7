/**
 * The cash sale list (4.1) and the sale item list (4.2) on PostgreSQL, newest first
 * (issue_date desc, id desc), each record as the JSON text SQLite's list sends
 * (store/sqlite/cash-sale-list.repository.ts: the same keys in the same order, written by
 * store/wire-json.ts as SQLite writes them), so a reply is the same bytes on either backend.
 * A page is an OFFSET over the date index, or with `after` a keyset seek; the company's count
 * is the counter its triggers keep. Page and count are read in one transaction.
 */
import type pg from 'pg';
import type { CashSaleListFilter, JsonEnvelope, Paging, SaleItemListFilter } from '../sales-store.js';
import { jsonInteger, jsonReal, jsonText } from '../wire-json.js';
import { numbersOf, safeNumber } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

interface SaleRow {
  id: number;
  issue_date: number;
  issued_to: string | null;
  issued_to_phone: string | null;
  amount_paid_cents: number;
  payment_method: string;
  transaction_type: string;
  ref_no: string | null;
  receipt_no: string;
  notes: string | null;
  company_id: number;
  cashbook_id: number | null;
  retail_shop_id: number | null;
  user_id: number | null;
  total_discount_cents: number;
  total_tax_cents: number;
  sub_total_cents: number;
  total_amount_cents: number;
  balance_cents: number;
}

const money = (cents: number | null) => jsonReal(cents === null ? null : cents / 100);

/** A sale's record, in SALE_RECORD_JSON's order. */
function saleJson(s: SaleRow): string {
  return (
    `{"id":${s.id},"issueDate":${s.issue_date},"issuedTo":${jsonText(s.issued_to)},"issuedToPhone":${jsonText(s.issued_to_phone)},` +
    `"amountPaid":${money(s.amount_paid_cents)},"paymentMethod":${jsonText(s.payment_method)},"transactionType":${jsonText(s.transaction_type)},` +
    `"refNo":${jsonText(s.ref_no)},"receiptNo":${jsonText(s.receipt_no)},"notes":${jsonText(s.notes)},"companyId":${s.company_id},` +
    `"cashbookId":${jsonInteger(s.cashbook_id)},"retailShopId":${jsonInteger(s.retail_shop_id)},"userId":${jsonInteger(s.user_id)},` +
    `"totalDiscount":${money(s.total_discount_cents)},"totalTax":${money(s.total_tax_cents)},"subTotal":${money(s.sub_total_cents)},` +
    `"totalAmount":${money(s.total_amount_cents)},"balance":${money(s.balance_cents)}}`
  );
}

interface ItemRow {
  id: number;
  item_name: string;
  item_product_id: number;
  item_category_id: number | null;
  item_spec_id: number | null;
  sale_id: number;
  price_cents: number;
  original_price_cents: number | null;
  default_price_cents: number | null;
  unit_cost_cents: number;
  qty_milli: number;
  discount_cents: number;
  tax_inc_exc: number;
  tax_rate_id: number | null;
  tax_rate_bp: number;
  tax_cents: number;
  line_total_cents: number;
  profit_cents: number;
  issued_to: string | null;
  issued_to_phone: string | null;
  issue_date: number;
  ref_no: string | null;
  retail_shop_id: number | null;
  company_id: number;
  user_id: number | null;
}

/** A sale line's record, in ITEM_RECORD_JSON's order. */
function itemJson(l: ItemRow): string {
  return (
    `{"id":${l.id},"itemName":${jsonText(l.item_name)},"itemProductId":${l.item_product_id},"itemProductCatId":${jsonInteger(l.item_category_id)},` +
    `"invItemSpecsId":${jsonInteger(l.item_spec_id)},"batchItemIssueId":${l.sale_id},"buyingPrice":${money(l.price_cents)},` +
    `"originalBuyingPrice":${money(l.original_price_cents)},"defaultBuyingPrice":${money(l.default_price_cents)},"unitCost":${money(l.unit_cost_cents)},` +
    `"qty":${jsonReal(l.qty_milli / 1000)},"discount":${money(l.discount_cents)},"taxIncExc":${jsonText(String(l.tax_inc_exc))},` +
    `"taxRateId":${jsonInteger(l.tax_rate_id)},"taxRate":${jsonReal(l.tax_rate_bp / 100)},"taxAmount":${money(l.tax_cents)},` +
    `"lineTotal":${money(l.line_total_cents)},"profit":${money(l.profit_cents)},"issuedTo":${jsonText(l.issued_to)},` +
    `"issuedToPhone":${jsonText(l.issued_to_phone)},"issueDate":${l.issue_date},"refNo":${jsonText(l.ref_no)},` +
    `"retailShopId":${jsonInteger(l.retail_shop_id)},"companyId":${l.company_id},"userId":${jsonInteger(l.user_id)}}`
  );
}

const SALE_COLUMNS = `id, issue_date, issued_to, issued_to_phone, amount_paid_cents, payment_method, transaction_type, ref_no, receipt_no, notes,
  company_id, cashbook_id, retail_shop_id, user_id, total_discount_cents, total_tax_cents, sub_total_cents, total_amount_cents, balance_cents`;

const ITEM_COLUMNS = `l.id, l.item_name, l.item_product_id, l.item_category_id, l.item_spec_id, l.sale_id, l.price_cents, l.original_price_cents,
  l.default_price_cents, l.unit_cost_cents, l.qty_milli, l.discount_cents, l.tax_inc_exc, l.tax_rate_id, l.tax_rate_bp, l.tax_cents,
  l.line_total_cents, l.profit_cents, s.issued_to, s.issued_to_phone, l.issue_date, s.ref_no, l.retail_shop_id, l.company_id, l.user_id`;

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
 * A page and its count read from one snapshot (REPEATABLE READ): read committed would let the
 * count see sales committed after the page was read, newer than the first page, so a walk of
 * every page would end short of the count it was told (an export refused as incomplete).
 */
function inSnapshot<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    return work(client);
  });
}

const rowsOf = <T>(result: pg.QueryResult): T[] => result.rows.map((row) => numbersOf<T>(row as Record<string, unknown>));

export async function listCashSalesOnPostgres(pool: pg.Pool, query: CashSaleListFilter): Promise<JsonEnvelope> {
  // One filter column at a time (the accepted shapes), the shop's or person's before the company's.
  const column: [string, number | undefined] =
    query.retailShopId !== undefined
      ? ['retail_shop_id', query.retailShopId]
      : query.salesPersonId !== undefined
        ? ['user_id', query.salesPersonId]
        : ['company_id', query.companyId];
  if (column[1] === undefined) throw new Error('a sale filter needs a company, shop or user');
  return inSnapshot(pool, async (client) => {
    const { where, params } = whereOf([column]);
    const all: unknown[] = [...params];
    const sales = rowsOf<SaleRow>(await client.query(`select ${SALE_COLUMNS} from cash_sales where ${where}${pageClause(query, all)}`, all));
    const count =
      column[0] === 'company_id'
        ? safeNumber(((await client.query('select count from cash_sale_stats where company_id = $1', params)).rows[0]?.count as bigint | undefined) ?? 0n)
        : safeNumber((await client.query(`select count(*) as n from cash_sales where ${where}`, params)).rows[0].n as bigint);
    return { count, list: sales.map(saleJson), nextAfter: nextAfterOf(sales.at(-1), query) };
  });
}

export async function listSaleItemsOnPostgres(pool: pg.Pool, query: SaleItemListFilter): Promise<JsonEnvelope> {
  const { where, params } = whereOf([
    ['company_id', query.companyId],
    ['retail_shop_id', query.retailShopId],
    ['user_id', query.salesPersonId],
    ['item_product_id', query.itemId],
    ['item_category_id', query.itemCategoryId],
  ]);
  return inSnapshot(pool, async (client) => {
    const all: unknown[] = [...params];
    const page = `select id from cash_sale_lines where ${where}${pageClause(query, all)}`;
    const items = rowsOf<ItemRow>(
      await client.query(
        `select ${ITEM_COLUMNS} from cash_sale_lines l join cash_sales s on s.id = l.sale_id where l.id in (${page}) order by l.issue_date desc, l.id desc`,
        all,
      ),
    );
    const count = safeNumber((await client.query(`select count(*) as n from cash_sale_lines where ${where}`, params)).rows[0].n as bigint);
    return { count, list: items.map(itemJson), nextAfter: nextAfterOf(items.at(-1), query) };
  });
}
