/**
 * Receipt allocations on SQLite, inside the writer's transaction: after charges or receipts are
 * written, each tenancy they touch has its events read and its allocations planned by
 * services/ledger-allocation-plan.ts (only the new receipts' when nothing arrived late; the
 * tenancy's whole otherwise), and the plan is written here.
 */
import { monthFinder, planTenancyAllocation, rederiveTenancy, type NewEvents, type TenancyAllocationPlan } from '../../services/ledger-allocation-plan.js';
import { addReceipt, replaceTenancyMonths } from './ledger-months.repository.js';
import { deleteAllocations, insertAllocations, tenancyEvents } from './property-ledger.repository.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

/** Derives the allocations of the tenancies a write touched (call it in the write's transaction). */
export function allocateTouched(store: Store, timeZone: string, touched: ReadonlyMap<number, NewEvents>): void {
  const monthOfDate = monthFinder(timeZone);
  for (const [tenancyId, fresh] of touched) writePlan(store, tenancyId, planTenancyAllocation(tenancyEvents(store, tenancyId), fresh, monthOfDate));
}

function writePlan(store: Store, tenancyId: number, plan: TenancyAllocationPlan): void {
  if (plan.rewrite) deleteAllocations(store, tenancyId);
  for (const r of plan.receipts) {
    insertAllocations(store, { receiptId: r.receiptId, tenancyId, date: r.date }, r.allocations);
    // New charges are already in the month totals (insertCharge); new receipts' allocations are added.
    if (!plan.rewrite) addReceipt(store, { tenancyId, ...r.month });
  }
  if (plan.rewrite) replaceTenancyMonths(store, tenancyId, plan.months);
}

/**
 * Derives every tenancy's allocations and month totals of a company again from its events
 * (an upgrade from an older allocation rule; the benchmark of a full rebuild).
 */
export function reallocateCompany(store: Store, companyId: number, timeZone: string): void {
  const monthOfDate = monthFinder(timeZone);
  const ids = prepared<[number], number>(store, 'select id from tenancies where company_id = ? order by id').pluck().all(companyId);
  for (const tenancyId of ids) writePlan(store, tenancyId, rederiveTenancy(tenancyEvents(store, tenancyId), monthOfDate));
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
