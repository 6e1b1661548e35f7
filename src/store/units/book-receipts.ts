/**
 * Receipts written and allocated, inside the caller's unit (which holds their tenancies): each
 * receipt's row with its payment reference key (unique per company: a payment booked once), then
 * the allocations of every tenancy they touch derived from its dated events (ledger-allocation.ts).
 * The receipts and statement imports write their slices with writeReceipts and allocate once at
 * their end; live confirmations book through bookReceipts.
 */
import { touchedBy, type NewEventSets } from '../rules/ledger-allocation-plan.js';
import type { ReceiptToWrite } from '../rules/ledger-import-plan.js';
import type { Tx } from '../unit-of-work/transaction.js';
import { allocateTouched } from './ledger-allocation.js';

const RECEIPT_COLUMNS = ['company_id', 'tenancy_id', 'receipt_date', 'amount_cents', 'reference', 'reference_key'];

/** Writes the receipts' rows in bulk (no allocation yet); their ids, in the order given. */
export function writeReceipts(tx: Tx, companyId: number, receipts: readonly ReceiptToWrite[]): Promise<number[]> {
  if (receipts.length === 0) return Promise.resolve([]);
  return tx.insertManyIds(
    'receipts',
    RECEIPT_COLUMNS,
    receipts.map((r) => [companyId, r.tenancyId, r.date, r.amount, r.reference, r.referenceKey]),
  );
}

/** Books the receipts; their ids, in the order given. */
export async function bookReceipts(tx: Tx, companyId: number, timeZone: string, receipts: readonly ReceiptToWrite[]): Promise<number[]> {
  const touched = new Map<number, NewEventSets>();
  const ids = await writeReceipts(tx, companyId, receipts);
  receipts.forEach((r, i) => touchedBy(touched, r.tenancyId).receiptIds.add(ids[i]!));
  await allocateTouched(tx, timeZone, touched);
  return ids;
}
