/**
 * Each sale's record as the list endpoint sends it (2.2, in contract field order, money as
 * cents / 100), kept in an index on an expression beside the company's newest-first order.
 * A page of the company's list is then read from this index alone: one text value per sale,
 * written by SQLite when the sale was saved, instead of nineteen columns handed to JavaScript,
 * built into an object and serialized again on every request.
 *
 * SQLite keeps the index in step with every insert, update and delete itself. The expression
 * below is frozen as released: the live one is SALE_RECORD_JSON in
 * store/cash-sale-list.repository.ts, and test/store/sale-record-json.test.ts holds the two
 * equal. Changing the record's shape means a new migration that rebuilds this index.
 */
import { sql, type Kysely } from 'kysely';

export const SALE_RECORD_JSON_AS_RELEASED = `json_object('id', id, 'issueDate', issue_date, 'issuedTo', issued_to,
  'issuedToPhone', issued_to_phone, 'amountPaid', amount_paid_cents / 100.0, 'paymentMethod', payment_method,
  'transactionType', transaction_type, 'refNo', ref_no, 'receiptNo', receipt_no, 'notes', notes,
  'companyId', company_id, 'cashbookId', cashbook_id, 'retailShopId', retail_shop_id, 'userId', user_id,
  'totalDiscount', total_discount_cents / 100.0, 'totalTax', total_tax_cents / 100.0,
  'subTotal', sub_total_cents / 100.0, 'totalAmount', total_amount_cents / 100.0, 'balance', balance_cents / 100.0)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create index cash_sales_company_wire on cash_sales(company_id, issue_date desc, id desc, ${SALE_RECORD_JSON_AS_RELEASED})`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index if exists cash_sales_company_wire').execute(db);
}
