/**
 * PostgreSQL: each sale's list record kept as its JSON text, written when the sale is written
 * (a stored generated column, so every insert, update and copy keeps it current and this
 * version fills it for the rows already there). SQLite keeps the same text in an expression
 * index (cash_sales_company_wire); the list pages read it instead of writing it per request.
 */
import { sql, type Kysely } from 'kysely';

// The SQL of pg-wire-json.ts as it was when this version was written: a version must do the same
// on every database it upgrades, whatever the code around it becomes.
const int = (column: string) => `coalesce(${column}::text, 'null')`;
const real = (column: string, over: number) =>
  `coalesce(case when ${column} % ${over} = 0 then (${column} / ${over})::text || '.0' else trim_scale(${column}::numeric / ${over})::text end, 'null')`;
const recordSql = (fields: readonly [string, string][]) =>
  fields.map(([key, value], i) => `'${i === 0 ? '{' : ','}"${key}":' || ${value}`).join(' || ') + ` || '}'`;

// to_json is stable only because some types' output follows settings; text's does not, so
// quoting text through it is immutable, which a generated column requires.
const QUOTE_FUNCTION = `create function wire_json_text(value text) returns text language sql immutable parallel safe
  as $$ select coalesce(to_json(value)::text, 'null') $$`;

const text = (column: string) => `wire_json_text(${column})`;

/** The sale's record in SQLite's SALE_RECORD_JSON order (cash-sale-list.repository.ts). */
const SALE_JSON = recordSql([
  ['id', int('id')],
  ['issueDate', int('issue_date')],
  ['issuedTo', text('issued_to')],
  ['issuedToPhone', text('issued_to_phone')],
  ['amountPaid', real('amount_paid_cents', 100)],
  ['paymentMethod', text('payment_method')],
  ['transactionType', text('transaction_type')],
  ['refNo', text('ref_no')],
  ['receiptNo', text('receipt_no')],
  ['notes', text('notes')],
  ['companyId', int('company_id')],
  ['cashbookId', int('cashbook_id')],
  ['retailShopId', int('retail_shop_id')],
  ['userId', int('user_id')],
  ['totalDiscount', real('total_discount_cents', 100)],
  ['totalTax', real('total_tax_cents', 100)],
  ['subTotal', real('sub_total_cents', 100)],
  ['totalAmount', real('total_amount_cents', 100)],
  ['balance', real('balance_cents', 100)],
]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(QUOTE_FUNCTION).execute(db);
  await sql.raw(`alter table cash_sales add column wire_json text generated always as (${SALE_JSON}) stored`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table cash_sales drop column wire_json').execute(db);
  await sql.raw('drop function wire_json_text(text)').execute(db);
}
