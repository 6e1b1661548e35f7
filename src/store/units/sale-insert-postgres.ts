/**
 * A new sale's rows written by PostgreSQL in ONE statement (a data-modifying WITH, which SQLite
 * has not): the company's next receipt number, the header, the lines, each line's unit marked
 * sold if still in stock, and the channels. The receipt number takes the company's row, which
 * every save of the company waits for until it commits: written in one round trip, a save holds
 * that row (and the company's row of cash_sale_stats, which the header's insert counts in) over
 * this statement and the COMMIT only, where the same writes one statement at a time held it over
 * four round trips and more. The rows are those sale-save.ts's writeSale makes on SQLite one
 * statement at a time; the store suites run both engines over the same saves.
 */
import { SALE_HEADER_COLUMNS, type SaleToWrite, type WrittenSale } from '../tables/sale-to-write.js';
import { postgresOnly } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

/** The header's text columns; the others are bigint. Each parameter is cast: a SELECT's parameter has no column to take its type from. */
const TEXT_HEADER: ReadonlySet<string> = new Set(['issued_to', 'issued_to_phone', 'payment_method', 'transaction_type', 'ref_no', 'notes']);

/** A line's columns of its own, read from the JSON the statement is given (every column bigint but the name). */
const LINE_FIELDS = [
  ['item_name', 'text'],
  ['item_product_id', 'bigint'],
  ['item_category_id', 'bigint'],
  ['item_spec_id', 'bigint'],
  ['price_cents', 'bigint'],
  ['original_price_cents', 'bigint'],
  ['default_price_cents', 'bigint'],
  ['unit_cost_cents', 'bigint'],
  ['qty_milli', 'bigint'],
  ['discount_cents', 'bigint'],
  ['tax_inc_exc', 'bigint'],
  ['tax_rate_id', 'bigint'],
  ['tax_rate_bp', 'bigint'],
  ['tax_cents', 'bigint'],
  ['line_total_cents', 'bigint'],
  ['profit_cents', 'bigint'],
] as const;
const CHANNEL_FIELDS = [
  ['channel_id', 'bigint'],
  ['reference_no', 'text'],
  ['amount_cents', 'bigint'],
  ['tendered_cents', 'bigint'],
  ['mpesa_code', 'text'],
] as const;

const header = SALE_HEADER_COLUMNS.map((column, i) => `$${i + 1}::${TEXT_HEADER.has(column) ? 'text' : 'bigint'}`);
/** A header column's parameter, as the lines copy it. */
const param = (column: (typeof SALE_HEADER_COLUMNS)[number]) => header[SALE_HEADER_COLUMNS.indexOf(column)]!;
const n = SALE_HEADER_COLUMNS.length;
const [KEY, HASH, CREATED, LINES, CHANNELS] = [n + 1, n + 2, n + 3, n + 4, n + 5].map((i) => `$${i}`);
const fields = (list: readonly (readonly [string, string])[]) => list.map(([name]) => name).join(', ');
const typed = (list: readonly (readonly [string, string])[]) => list.map(([name, type]) => `${name} ${type}`).join(', ');
const lineFields = fields(LINE_FIELDS);
const channelFields = fields(CHANNEL_FIELDS);

/**
 * The receipt number as SQLite's writeSale makes it: R and the number, zero-padded to six digits
 * (never cut: lpad would cut a seventh digit). The header's parameters come first, in
 * SALE_HEADER_COLUMNS' order; the lines are inserted in their order, so their ids follow it as
 * on SQLite. Each line's unit is marked sold only while in stock: `sold` lists the units that
 * were, and the caller names the first line whose unit another sale took first.
 */
const INSERT_SALE = postgresOnly(
  `with seq as (
      update companies set receipt_seq = receipt_seq + 1 where id = ${param('company_id')} returning receipt_seq
    ), sale as (
      insert into cash_sales (${SALE_HEADER_COLUMNS.join(', ')}, receipt_no, idempotency_key, request_hash, created_at)
      select ${header.join(', ')},
             'R' || case when receipt_seq >= 100000 then receipt_seq::text else lpad(receipt_seq::text, 6, '0') end,
             ${KEY}::text, ${HASH}::text, ${CREATED}::bigint
        from seq
      returning id, receipt_no
    ), line as (
      insert into cash_sale_lines (sale_id, company_id, line_no, issue_date, retail_shop_id, user_id, ${lineFields})
      select sale.id, ${param('company_id')}, l.line_no, ${param('issue_date')}, ${param('retail_shop_id')}, ${param('user_id')}, ${LINE_FIELDS.map(([name]) => `l.${name}`).join(', ')}
        from sale, json_to_recordset(${LINES}::json) as l(line_no bigint, ${typed(LINE_FIELDS)})
       order by l.line_no
      returning id, item_spec_id
    ), sold as (
      update item_specs u set status = 'sold', sold_line_id = line.id
        from line
       where u.id = line.item_spec_id and u.company_id = ${param('company_id')} and u.status = 'in_stock'
      returning u.id
    ), channel as (
      insert into cash_sale_channels (sale_id, company_id, ${channelFields})
      select sale.id, ${param('company_id')}, ${CHANNEL_FIELDS.map(([name]) => `c.${name}`).join(', ')}
        from sale, json_to_recordset(${CHANNELS}::json) as c(${typed(CHANNEL_FIELDS)})
    )
    select sale.id, sale.receipt_no, coalesce((select json_agg(id) from sold), '[]')::text as sold
      from sale`,
);

/** Writes a new sale in one statement; undefined when the company does not exist. */
export async function insertSaleInOneStatement(tx: Tx, sale: SaleToWrite): Promise<WrittenSale | undefined> {
  const { header: row, created } = sale;
  const lines = sale.lines.map((line, line_no) => ({ ...line, line_no }));
  const written = await tx.get<{ id: number; receipt_no: string; sold: string }>(INSERT_SALE, [
    ...SALE_HEADER_COLUMNS.map((c) => row[c]),
    created.idempotency_key,
    created.request_hash,
    created.created_at,
    JSON.stringify(lines),
    JSON.stringify(sale.channels),
  ]);
  if (!written) return undefined;
  const sold = new Set(JSON.parse(written.sold) as number[]);
  const taken = sale.lines.findIndex((line) => line.item_spec_id !== null && !sold.has(line.item_spec_id));
  if (taken >= 0) return { unitTakenOnLine: taken, unitId: sale.lines[taken]!.item_spec_id! };
  return { id: written.id, receiptNo: written.receipt_no };
}
