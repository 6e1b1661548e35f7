/**
 * The monthly totals of the tenancy ledger (table ledger_months) on PostgreSQL, written as
 * SQLite's ledger-months.repository.ts writes them: a charge or a receipt's allocations add to
 * their month's row (created from the running totals of the latest row before it) and to the
 * running totals of it and every later month; a tenancy derived again has its rows replaced.
 *
 * What a row gains is the domain's rule (domain/ledger-months.ts); SQL only adds. The caller
 * holds the tenancy's row lock (pg-ledger-import.ts), so no two writers add to one tenancy's
 * rows at once and no running total misses a month row created meanwhile.
 */
import { chargeEntries, receiptEntries, runningOf, ZERO_MONTH, type MonthCharge, type MonthFigures, type MonthReceipt, type MonthRow } from '../../domain/ledger-months.js';
import type { Allocation } from '../../domain/receipt-allocation.js';
import type { Queryable } from './pg-rows.js';

const CUM = ['cum_rent_cents', 'cum_rent_tax_cents', 'cum_service_cents', 'cum_service_tax_cents', 'cum_other_cents', 'cum_paid_rent_cents', 'cum_paid_service_cents', 'cum_paid_other_cents'] as const;

/** A month's row, starting from the running totals of the tenancy's latest row before it ($1 tenancy, $2 service key, $3 month). */
const ENSURE_ROW = `
insert into ledger_months (tenancy_id, service_key, month_key, ${CUM.join(', ')})
select $1::bigint, $2::bigint, $3::bigint, ${CUM.map((c) => `coalesce(p.${c}, 0)`).join(', ')}
  from (select 1) one
  left join lateral (select * from ledger_months x
                      where x.tenancy_id = $1 and x.service_key = $2 and x.month_key < $3
                      order by x.month_key desc limit 1) p on true
on conflict do nothing`;

const OWN = [
  ['rent_cents', 'rent'], ['rent_tax_cents', 'rentTax'], ['service_cents', 'service'], ['service_tax_cents', 'serviceTax'], ['other_cents', 'other'],
  ['paid_rent_cents', 'paidRent'], ['paid_rent_tax_cents', 'paidRentTax'], ['paid_service_cents', 'paidService'], ['paid_service_tax_cents', 'paidServiceTax'],
  ['paid_other_cents', 'paidOther'], ['paid_other_arrears_cents', 'paidOtherArrears'],
] as const;
const RUNNING = [
  ['cum_rent_cents', 'rent'], ['cum_rent_tax_cents', 'rentTax'], ['cum_service_cents', 'service'], ['cum_service_tax_cents', 'serviceTax'], ['cum_other_cents', 'other'],
  ['cum_paid_rent_cents', 'paidRent'], ['cum_paid_service_cents', 'paidService'], ['cum_paid_other_cents', 'paidOther'],
] as const;

/** The month's own figures ($4...), and the running totals of it and every later month (after them). */
const ADD = `
update ledger_months set
  ${OWN.map(([column], i) => `${column} = ${column} + case when month_key = $3 then $${4 + i}::bigint else 0 end`).join(',\n  ')},
  ${RUNNING.map(([column], i) => `${column} = ${column} + $${4 + OWN.length + i}::bigint`).join(',\n  ')}
 where tenancy_id = $1 and service_key = $2 and month_key >= $3`;

/** Adds amounts to a tenancy's month (creating its row) and to the running totals from it on. */
async function addToMonth(client: Queryable, tenancyId: number, serviceKey: number, monthKey: number, amounts: Partial<MonthFigures>): Promise<void> {
  const own = { ...ZERO_MONTH, ...amounts };
  const running = runningOf(own);
  await client.query(ENSURE_ROW, [tenancyId, serviceKey, monthKey]);
  await client.query(ADD, [tenancyId, serviceKey, monthKey, ...OWN.map(([, field]) => own[field]), ...RUNNING.map(([, field]) => running[field])]);
}

export async function addChargeOnPostgres(client: Queryable, charge: MonthCharge & { tenancyId: number }): Promise<void> {
  for (const [serviceKey, amounts] of chargeEntries(charge)) await addToMonth(client, charge.tenancyId, serviceKey, charge.monthKey, amounts);
}

/** A receipt's allocations, summed for the whole tenancy and for each service it paid. */
export async function addReceiptOnPostgres(client: Queryable, receipt: MonthReceipt & { tenancyId: number }): Promise<void> {
  for (const [serviceKey, amounts] of receiptEntries(receipt)) await addToMonth(client, receipt.tenancyId, serviceKey, receipt.monthKey, amounts);
}

const ROW_COLUMNS = ['tenancy_id', 'service_key', 'month_key', ...OWN.map(([c]) => c), ...RUNNING.map(([c]) => c)];

/** Replaces a tenancy's month rows (after its allocations were derived again). */
export async function replaceTenancyMonthsOnPostgres(client: Queryable, tenancyId: number, rows: readonly MonthRow[]): Promise<void> {
  await client.query('delete from ledger_months where tenancy_id = $1', [tenancyId]);
  if (rows.length === 0) return;
  const values = rows.map(({ serviceKey, monthKey, month, running }) => [tenancyId, serviceKey, monthKey, ...OWN.map(([, f]) => month[f]), ...RUNNING.map(([, f]) => running[f])]);
  await insertMany(client, 'ledger_months', ROW_COLUMNS, values);
}

const ALLOCATION_COLUMNS = ['receipt_id', 'tenancy_id', 'receipt_date', 'charge_id', 'charge_date', 'service_id', 'part', 'amount_cents'];

/** Writes a receipt's allocations. */
export async function insertAllocationsOnPostgres(client: Queryable, receipt: { receiptId: number; tenancyId: number; date: number }, allocations: readonly Allocation[]): Promise<void> {
  if (allocations.length === 0) return;
  await insertMany(
    client,
    'receipt_allocations',
    ALLOCATION_COLUMNS,
    allocations.map((a) => [receipt.receiptId, receipt.tenancyId, receipt.date, a.chargeId, a.chargeDate, a.serviceId, a.part, a.amount]),
  );
}

/** One INSERT of many rows (in chunks well under the 65,535 parameters of a statement). */
async function insertMany(client: Queryable, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const placeholders = chunk.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${placeholders.join(', ')}`, chunk.flat());
  }
}
