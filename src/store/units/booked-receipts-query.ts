/**
 * The receipts a company booked under given payment reference keys (domain/payment-reference.ts),
 * with the tenant account they came from: what a receipts import compares its lines with. One
 * query in both dialects; they differ only in how a list of keys is bound (a JSON array).
 */
import type { BookedReceipt } from '../rules/ledger-import-plan.js';
import { dialects } from '../unit-of-work/sql.js';

const SELECT = `select r.id, r.tenancy_id as "tenancyId", r.receipt_date as date, r.amount_cents as amount,
         r.reference, r.reference_key as "referenceKey", t.account_no as "tenantAccount"
    from receipts r join tenancies y on y.id = r.tenancy_id join tenants t on t.id = y.tenant_id`;

/** Parameters: company id, the keys as a JSON array. */
export const BOOKED_RECEIPTS_SQL = dialects({
  sqlite: `${SELECT} where r.company_id = ? and r.reference_key in (select value from json_each(?))`,
  postgres: `${SELECT} where r.company_id = $1 and r.reference_key = any(array(select json_array_elements_text($2::json)))`,
});

export type BookedReceiptRow = BookedReceipt & { referenceKey: string };

/** The rows by key. */
export function bookedByKey(rows: readonly BookedReceiptRow[]): Map<string, BookedReceipt> {
  return new Map(rows.map(({ referenceKey, ...receipt }) => [referenceKey, receipt]));
}
