/**
 * The monthly totals of the tenancy ledger (table ledger_months; what a row holds is told in
 * the SQLite migration 2026-11-22-04-ledger-months): what was charged and paid per tenancy,
 * month and service key, with running totals up to each month's end.
 *
 * Every write of a charge or a receipt's allocations adds to them in the writer's unit: the
 * month's row is created from the running totals of the tenancy's latest row before it, then
 * the month's own figures and the running totals of it and every later month gain the amounts.
 * What a row gains is the domain's rule (domain/ledger-months.ts); SQL only adds. The caller
 * holds the tenancy (SQLite's write lock, or its row locked on PostgreSQL), so no two writers
 * add to one tenancy's rows at once. A tenancy derived again has its rows replaced.
 */
import {
  chargeEntries,
  receiptEntries,
  runningOf,
  ZERO_MONTH,
  type MonthCharge,
  type MonthFigures,
  type MonthReceipt,
  type MonthRow,
} from '../../domain/ledger-months.js';
import type { Allocation } from '../../domain/receipt-allocation.js';
import { dialects, sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

const OWN = [
  ['rent_cents', 'rent'],
  ['rent_tax_cents', 'rentTax'],
  ['service_cents', 'service'],
  ['service_tax_cents', 'serviceTax'],
  ['other_cents', 'other'],
  ['paid_rent_cents', 'paidRent'],
  ['paid_rent_tax_cents', 'paidRentTax'],
  ['paid_service_cents', 'paidService'],
  ['paid_service_tax_cents', 'paidServiceTax'],
  ['paid_other_cents', 'paidOther'],
  ['paid_other_arrears_cents', 'paidOtherArrears'],
] as const;
const RUNNING = [
  ['cum_rent_cents', 'rent'],
  ['cum_rent_tax_cents', 'rentTax'],
  ['cum_service_cents', 'service'],
  ['cum_service_tax_cents', 'serviceTax'],
  ['cum_other_cents', 'other'],
  ['cum_paid_rent_cents', 'paidRent'],
  ['cum_paid_service_cents', 'paidService'],
  ['cum_paid_other_cents', 'paidOther'],
] as const;

/** A month's row from the running totals of the tenancy's latest row before it: tenancy, service key, month; then tenancy, key; tenancy, key, month. */
const ENSURE_ROW = sql(`insert into ledger_months (tenancy_id, service_key, month_key, ${RUNNING.map(([c]) => c).join(', ')})
select cast(? as bigint), cast(? as bigint), cast(? as bigint), ${RUNNING.map(([c]) => `coalesce(p.${c}, 0)`).join(', ')}
  from (select 1 as one) o
  left join ledger_months p
    on p.tenancy_id = ? and p.service_key = ?
   and p.month_key = (select max(x.month_key) from ledger_months x where x.tenancy_id = ? and x.service_key = ? and x.month_key < ?)
 where true
on conflict do nothing`);

/** The month's own figures (month, amount per column), the running totals of it and every later month, then tenancy, service key, month. */
const ADD = sql(`update ledger_months set
  ${OWN.map(([column]) => `${column} = ${column} + case when month_key = ? then cast(? as bigint) else 0 end`).join(',\n  ')},
  ${RUNNING.map(([column]) => `${column} = ${column} + cast(? as bigint)`).join(',\n  ')}
 where tenancy_id = ? and service_key = ? and month_key >= ?`);

/** Adds amounts to a tenancy's month (creating its row) and to the running totals from it on. */
async function addToMonth(tx: Tx, tenancyId: number, serviceKey: number, monthKey: number, amounts: Partial<MonthFigures>): Promise<void> {
  const own = { ...ZERO_MONTH, ...amounts };
  const running = runningOf(own);
  await tx.run(ENSURE_ROW, [tenancyId, serviceKey, monthKey, tenancyId, serviceKey, tenancyId, serviceKey, monthKey]);
  await tx.run(ADD, [...OWN.flatMap(([, field]) => [monthKey, own[field]]), ...RUNNING.map(([, field]) => running[field]), tenancyId, serviceKey, monthKey]);
}

export async function addCharge(tx: Tx, charge: MonthCharge & { tenancyId: number }): Promise<void> {
  for (const [serviceKey, amounts] of chargeEntries(charge)) await addToMonth(tx, charge.tenancyId, serviceKey, charge.monthKey, amounts);
}

/** A receipt's allocations, summed for the whole tenancy and for each service it paid. */
export async function addReceipt(tx: Tx, receipt: MonthReceipt & { tenancyId: number }): Promise<void> {
  for (const [serviceKey, amounts] of receiptEntries(receipt)) await addToMonth(tx, receipt.tenancyId, serviceKey, receipt.monthKey, amounts);
}

const ROW_COLUMNS = ['tenancy_id', 'service_key', 'month_key', ...OWN.map(([c]) => c), ...RUNNING.map(([c]) => c)];
const DELETE_MONTHS = sql('delete from ledger_months where tenancy_id = ?');

/** Replaces a tenancy's month rows (after its allocations were derived again). */
export async function replaceTenancyMonths(tx: Tx, tenancyId: number, rows: readonly MonthRow[]): Promise<void> {
  await tx.run(DELETE_MONTHS, [tenancyId]);
  await insertMonths(tx, [{ tenancyId, months: rows }]);
}

/** Parameter: the tenancy ids as a JSON array. */
const DELETE_MONTHS_OF = dialects({
  sqlite: 'delete from ledger_months where tenancy_id in (select value from json_each(?))',
  postgres: 'delete from ledger_months where tenancy_id = any(array(select json_array_elements_text($1::json)::bigint))',
});

/** Replaces the month rows of several tenancies, in one delete and one bulk insert. */
export async function replaceMonthsOf(tx: Tx, tenancies: readonly { tenancyId: number; months: readonly MonthRow[] }[]): Promise<void> {
  await tx.run(DELETE_MONTHS_OF, [JSON.stringify(tenancies.map((t) => t.tenancyId))]);
  await insertMonths(tx, tenancies);
}

async function insertMonths(tx: Tx, tenancies: readonly { tenancyId: number; months: readonly MonthRow[] }[]): Promise<void> {
  const values = tenancies.flatMap(({ tenancyId, months }) =>
    months.map(({ serviceKey, monthKey, month, running }) => [
      tenancyId,
      serviceKey,
      monthKey,
      ...OWN.map(([, f]) => month[f]),
      ...RUNNING.map(([, f]) => running[f]),
    ]),
  );
  if (values.length > 0) await tx.insertMany('ledger_months', ROW_COLUMNS, values);
}

const ALLOCATION_COLUMNS = ['receipt_id', 'tenancy_id', 'receipt_date', 'charge_id', 'charge_date', 'service_id', 'part', 'amount_cents'];

/** Writes a receipt's allocations. */
export async function insertAllocations(
  tx: Tx,
  receipt: { receiptId: number; tenancyId: number; date: number },
  allocations: readonly Allocation[],
): Promise<void> {
  await insertTenancyAllocations(tx, receipt.tenancyId, [{ ...receipt, allocations }]);
}

type ReceiptAllocationRows = readonly { receiptId: number; date: number; allocations: readonly Allocation[] }[];

/** Writes receipts' allocations, of one tenancy, in one bulk insert. */
export function insertTenancyAllocations(tx: Tx, tenancyId: number, receipts: ReceiptAllocationRows): Promise<void> {
  return insertAllocationsOf(tx, [{ tenancyId, receipts }]);
}

/** Writes receipts' allocations of several tenancies in one bulk insert. */
export async function insertAllocationsOf(tx: Tx, tenancies: readonly { tenancyId: number; receipts: ReceiptAllocationRows }[]): Promise<void> {
  const rows = tenancies.flatMap(({ tenancyId, receipts }) =>
    receipts.flatMap((r) => r.allocations.map((a) => [r.receiptId, tenancyId, r.date, a.chargeId, a.chargeDate, a.serviceId, a.part, a.amount])),
  );
  if (rows.length > 0) await tx.insertMany('receipt_allocations', ALLOCATION_COLUMNS, rows);
}
