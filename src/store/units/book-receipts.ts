/**
 * Receipts written and allocated, inside the caller's unit (which holds their tenancies): each
 * receipt's row with its payment reference key (unique per company: a payment booked once), then
 * the allocations of every tenancy they touch derived from its dated events (ledger-allocation.ts).
 * The receipts import and the M-Pesa import and confirmations book through here.
 */
import { touchedBy, type NewEvents } from '../rules/ledger-allocation-plan.js';
import type { ReceiptToWrite } from '../rules/ledger-import-plan.js';
import type { Tx } from '../unit-of-work/transaction.js';
import { allocateTouched } from './ledger-allocation.js';

/** Books the receipts; their ids, in the order given. */
export async function bookReceipts(tx: Tx, companyId: number, timeZone: string, receipts: readonly ReceiptToWrite[]): Promise<number[]> {
  const touched = new Map<number, NewEvents>();
  const ids: number[] = [];
  for (const r of receipts) {
    const receiptId = await tx.insert('receipts', {
      company_id: companyId,
      tenancy_id: r.tenancyId,
      receipt_date: r.date,
      amount_cents: r.amount,
      reference: r.reference,
      reference_key: r.referenceKey,
    });
    touchedBy(touched, r.tenancyId).receiptIds.add(receiptId);
    ids.push(receiptId);
  }
  await allocateTouched(tx, timeZone, touched);
  return ids;
}
