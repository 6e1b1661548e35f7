/**
 * What writing new charges or receipts of a tenancy does to its allocations (DOMAIN.md
 * "Ledger"), decided once for every backend from the tenancy's dated events as stored (the new
 * ones included), read inside the writer's transaction. The tenancy is replayed in date order
 * (domain/receipt-allocation.ts):
 *
 * - when the new events all come after the ones already booked (the usual month by month
 *   import), only the new receipts' allocations are written and added to the month totals (a
 *   few of them: many are written as a derivation of the whole tenancy, APPEND_AT_MOST);
 * - when one arrived late (dated before something already booked: a back-dated receipt, a
 *   month's charges imported after its receipts, a correction), the tenancy's allocations and
 *   month rows are derived again from all its events.
 *
 * Either way the stored allocations are those of replaying the whole ledger in date order,
 * whatever the order or batching of the imports. The backend writes what the plan says.
 */
import { tenancyMonths, type MonthCharge, type MonthReceipt, type MonthRow } from '../../domain/ledger-months.js';
import { monthKey, monthOf, monthRange } from '../../domain/month-range.js';
import { onlyAppended, replayTenancy, type Allocation, type LedgerCharge, type LedgerReceipt } from '../../domain/receipt-allocation.js';

/** A charge as stored: what the replay and the month rows need of it. */
export type StoredCharge = LedgerCharge & MonthCharge;

/** A tenancy's dated events as stored. */
export interface TenancyEvents {
  charges: StoredCharge[];
  receipts: LedgerReceipt[];
}

/** Ids of new rows: a Set, or an import's StagedRows (rules/staged-rows.ts). */
export interface IdsOf {
  has(id: number): boolean;
}

/** The new rows of one tenancy in this write. */
export interface NewEvents {
  chargeIds: IdsOf;
  receiptIds: IdsOf;
}

/** New events gathered one by one. */
export interface NewEventSets extends NewEvents {
  chargeIds: Set<number>;
  receiptIds: Set<number>;
}

export function newEvents(): NewEventSets {
  return { chargeIds: new Set(), receiptIds: new Set() };
}

/** The new events of the tenancy, adding one. */
export function touchedBy(touched: Map<number, NewEventSets>, tenancyId: number): NewEventSets {
  return touched.get(tenancyId) ?? touched.set(tenancyId, newEvents()).get(tenancyId)!;
}

/**
 * The most new receipts of a tenancy written one by one (three statements each: allocations,
 * month row, running totals); more are written as a derivation of the whole tenancy, two bulk
 * inserts whatever their number: the same allocations, far fewer round trips on PostgreSQL.
 */
export const APPEND_AT_MOST = 8;

export type MonthOfDate = (date: number) => { monthKey: number; monthFrom: number };

/** The month of a date in the company's zone, as month totals need it (cached per write: few distinct months). */
export function monthFinder(timeZone: string): MonthOfDate {
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

/** A receipt's allocations to write, with what they add to its month. */
export interface ReceiptAllocations {
  receiptId: number;
  date: number;
  allocations: Allocation[];
  month: MonthReceipt;
}

export type TenancyAllocationPlan =
  /** Write the new receipts' allocations and add them to the month totals (new charges were added as written). */
  | { rewrite: false; receipts: ReceiptAllocations[] }
  /** Replace every allocation of the tenancy and every month row. */
  | { rewrite: true; receipts: ReceiptAllocations[]; months: MonthRow[] };

/** What the tenancy's allocations become after the write of `fresh`. */
export function planTenancyAllocation(events: TenancyEvents, fresh: NewEvents, monthOfDate: MonthOfDate): TenancyAllocationPlan {
  const { charges, receipts } = events;
  const replayed = replayTenancy(charges, receipts);
  const appended = onlyAppended(charges, receipts, (e) => (e.charge ? fresh.chargeIds.has(e.charge.chargeId) : fresh.receiptIds.has(e.receipt!.receiptId)));
  if (!appended) return rederivedTenancy(events, replayed.allocations, monthOfDate);
  const added = receipts.filter((r) => fresh.receiptIds.has(r.receiptId));
  if (added.length > APPEND_AT_MOST) return rederivedTenancy(events, replayed.allocations, monthOfDate);
  return { rewrite: false, receipts: added.map((r) => receiptAllocations(r, replayed.allocations, monthOfDate)) };
}

/** The tenancy's allocations and month rows derived again from all its events (a late event, an upgrade). */
export function rederiveTenancy(events: TenancyEvents, monthOfDate: MonthOfDate): TenancyAllocationPlan & { rewrite: true } {
  return rederivedTenancy(events, replayTenancy(events.charges, events.receipts).allocations, monthOfDate);
}

function rederivedTenancy(
  events: TenancyEvents,
  allocations: ReadonlyMap<number, Allocation[]>,
  monthOfDate: MonthOfDate,
): TenancyAllocationPlan & { rewrite: true } {
  const receipts = events.receipts.map((r) => receiptAllocations(r, allocations, monthOfDate));
  return {
    rewrite: true,
    receipts,
    months: tenancyMonths(
      events.charges,
      receipts.map((r) => r.month),
    ),
  };
}

function receiptAllocations(r: LedgerReceipt, allocations: ReadonlyMap<number, Allocation[]>, monthOfDate: MonthOfDate): ReceiptAllocations {
  const own = allocations.get(r.receiptId)!;
  return { receiptId: r.receiptId, date: r.date, allocations: own, month: { ...monthOfDate(r.date), allocations: own } };
}
