/**
 * Receipt allocations derived from the dated ledger (DOMAIN.md "Ledger"), inside the writer's
 * transaction. After charges or receipts are written, each tenancy they touch is replayed in
 * date order (domain/receipt-allocation.ts):
 *
 * - when the new events all come after the ones already booked (the usual month by month
 *   import), only the new receipts' allocations are written and added to the month totals;
 * - when one arrived late (dated before something already booked: a back-dated receipt, a
 *   month's charges imported after its receipts, a correction), the tenancy's allocations and
 *   month totals are derived again from all its events.
 *
 * Either way the stored allocations are those of replaying the whole ledger in date order,
 * whatever the order or batching of the imports.
 */
import { tenancyMonths, type MonthReceipt } from '../../domain/ledger-months.js';
import { monthKey, monthOf, monthRange } from '../../domain/month-range.js';
import { onlyAppended, replayTenancy, type Allocation } from '../../domain/receipt-allocation.js';
import { addReceipt, replaceTenancyMonths } from './ledger-months.repository.js';
import { deleteAllocations, insertAllocations, tenancyEvents } from './property-ledger.repository.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

/** The new rows of one tenancy in this write. */
export interface NewEvents {
  chargeIds: Set<number>;
  receiptIds: Set<number>;
}

export function newEvents(): NewEvents {
  return { chargeIds: new Set(), receiptIds: new Set() };
}

/** The month of a date in the company's zone, as month totals need it (cached per write: few distinct months). */
function monthFinder(timeZone: string): (date: number) => { monthKey: number; monthFrom: number } {
  const months: { from: number; to: number; key: number }[] = [];
  return (date) => {
    const known = months.find((m) => m.from <= date && date <= m.to);
    if (known) return { monthKey: known.key, monthFrom: known.from };
    const { year, month } = monthOf(date, timeZone);
    const range = monthRange(year, month, timeZone);
    months.push({ from: range.from, to: range.to, key: monthKey(range) });
    return { monthKey: monthKey(range), monthFrom: range.from };
  };
}

/** Derives the allocations of the tenancies a write touched (call it in the write's transaction). */
export function allocateTouched(store: Store, timeZone: string, touched: ReadonlyMap<number, NewEvents>): void {
  const monthOfDate = monthFinder(timeZone);
  for (const [tenancyId, fresh] of touched) {
    const { charges, receipts } = tenancyEvents(store, tenancyId);
    const replayed = replayTenancy(charges, receipts);
    const appended = onlyAppended(charges, receipts, (e) => (e.charge ? fresh.chargeIds.has(e.charge.chargeId) : fresh.receiptIds.has(e.receipt!.receiptId)));
    if (appended) {
      // New charges are already in the month totals (insertCharge); the new receipts' allocations are added.
      for (const r of receipts) {
        if (!fresh.receiptIds.has(r.receiptId)) continue;
        const allocations = replayed.allocations.get(r.receiptId)!;
        insertAllocations(store, { receiptId: r.receiptId, tenancyId, date: r.date }, allocations);
        addReceipt(store, { tenancyId, ...monthOfDate(r.date), allocations });
      }
      continue;
    }
    rewriteTenancy(store, tenancyId, charges, receipts, replayed.allocations, monthOfDate);
  }
}

function rewriteTenancy(
  store: Store,
  tenancyId: number,
  charges: ReturnType<typeof tenancyEvents>['charges'],
  receipts: ReturnType<typeof tenancyEvents>['receipts'],
  allocations: ReadonlyMap<number, Allocation[]>,
  monthOfDate: (date: number) => { monthKey: number; monthFrom: number },
): void {
  deleteAllocations(store, tenancyId);
  const months: MonthReceipt[] = [];
  for (const r of receipts) {
    const own = allocations.get(r.receiptId)!;
    insertAllocations(store, { receiptId: r.receiptId, tenancyId, date: r.date }, own);
    months.push({ ...monthOfDate(r.date), allocations: own });
  }
  replaceTenancyMonths(store, tenancyId, tenancyMonths(charges, months));
}

/**
 * Derives every tenancy's allocations and month totals of a company again from its events
 * (an upgrade from an older allocation rule; the benchmark of a full rebuild).
 */
export function reallocateCompany(store: Store, companyId: number, timeZone: string): void {
  const monthOfDate = monthFinder(timeZone);
  const ids = prepared<[number], number>(store, 'select id from tenancies where company_id = ? order by id').pluck().all(companyId);
  for (const tenancyId of ids) {
    const { charges, receipts } = tenancyEvents(store, tenancyId);
    rewriteTenancy(store, tenancyId, charges, receipts, replayTenancy(charges, receipts).allocations, monthOfDate);
  }
}

/**
 * Derives again the allocations of every company a store upgrade marked (migration
 * 2026-11-25-20-ledger-replay), one company per transaction, and returns how many there were.
 * Costs one small query when nothing is marked; about 20 s for a 10,000-unit company, once.
 */
export function rederivePendingLedgers(store: Store): number {
  const pending = prepared<[], { companyId: number; timeZone: string }>(
    store,
    'select p.company_id as companyId, c.time_zone as timeZone from ledger_rederive_pending p join companies c on c.id = p.company_id',
  ).all();
  const done = prepared<[number]>(store, 'delete from ledger_rederive_pending where company_id = ?');
  for (const { companyId, timeZone } of pending) {
    store.sqlite
      .transaction(() => {
        reallocateCompany(store, companyId, timeZone);
        done.run(companyId);
      })
      .immediate();
  }
  return pending.length;
}
