/**
 * The monthly totals of the tenancy ledger (table ledger_months; what a row holds is told in
 * migrations/2026-11-22-04-ledger-months.ts): what was charged and paid per tenancy, month
 * and service key, with running totals up to each month's end.
 *
 * Every write of a charge or a receipt adds to them in the writer's unit (units/ledger-months.ts);
 * the demo, which writes its ledger in bulk, rebuilds a company's totals from it here in one
 * statement of SQLite's own. The reports read them (units/ledger-rows.ts).
 */
import { addMonths, monthOf, monthRange } from '../../domain/month-range.js';
import type { Store } from './open-db.js';

/*
 * The rebuild: every charge and allocation of the company gives one entry to service key 0
 * and, when it is a service charge's (with a service), one more to that service's key;
 * entries are summed per month and the running totals taken in month order. An allocation's
 * month comes from ledger_month_bounds (first millisecond of each month in the company's zone).
 */
const REBUILD = `
with allocations as materialized (
  select a.tenancy_id, a.part, a.service_id, a.amount_cents, a.charge_date, b.month_key, b.from_ms
    from receipt_allocations a
    join tenancies t on t.id = a.tenancy_id and t.company_id = @companyId
    join temp.ledger_month_bounds b
      on b.from_ms = (select max(x.from_ms) from temp.ledger_month_bounds x where x.from_ms <= a.receipt_date)
),
keys (n) as (values (0), (1)),
entries as (
  select c.tenancy_id, iif(k.n = 0, 0, c.service_id) as service_key, c.month_key,
         iif(c.kind = 'rent', c.amount_cents, 0) as rent, iif(c.kind = 'rent', c.tax_cents, 0) as rent_tax,
         iif(c.kind = 'service', c.amount_cents, 0) as service, iif(c.kind = 'service', c.tax_cents, 0) as service_tax,
         iif(c.kind = 'other', c.amount_cents + c.tax_cents, 0) as other,
         0 as paid_rent, 0 as paid_rent_tax, 0 as paid_service, 0 as paid_service_tax, 0 as paid_other, 0 as paid_other_arrears
    from charges c join keys k on k.n = 0 or (c.kind = 'service' and c.service_id is not null)
   where c.company_id = @companyId
  union all
  select a.tenancy_id, iif(k.n = 0, 0, a.service_id), a.month_key, 0, 0, 0, 0, 0,
         iif(a.part = 'rent', a.amount_cents, 0), iif(a.part = 'rent_tax', a.amount_cents, 0),
         iif(a.part = 'service', a.amount_cents, 0), iif(a.part = 'service_tax', a.amount_cents, 0),
         iif(a.part = 'other', a.amount_cents, 0), iif(a.part = 'other' and a.charge_date < a.from_ms, a.amount_cents, 0)
    from allocations a join keys k on k.n = 0 or (a.part in ('service', 'service_tax') and a.service_id is not null)
),
months as (
  select tenancy_id, service_key, month_key,
         sum(rent) as rent, sum(rent_tax) as rent_tax, sum(service) as service, sum(service_tax) as service_tax,
         sum(other) as other, sum(paid_rent) as paid_rent, sum(paid_rent_tax) as paid_rent_tax,
         sum(paid_service) as paid_service, sum(paid_service_tax) as paid_service_tax,
         sum(paid_other) as paid_other, sum(paid_other_arrears) as paid_other_arrears
    from entries group by tenancy_id, service_key, month_key
)
insert into ledger_months (tenancy_id, service_key, month_key,
  rent_cents, rent_tax_cents, service_cents, service_tax_cents, other_cents,
  paid_rent_cents, paid_rent_tax_cents, paid_service_cents, paid_service_tax_cents, paid_other_cents, paid_other_arrears_cents,
  cum_rent_cents, cum_rent_tax_cents, cum_service_cents, cum_service_tax_cents, cum_other_cents,
  cum_paid_rent_cents, cum_paid_service_cents, cum_paid_other_cents)
select tenancy_id, service_key, month_key,
       rent, rent_tax, service, service_tax, other,
       paid_rent, paid_rent_tax, paid_service, paid_service_tax, paid_other, paid_other_arrears,
       sum(rent) over w, sum(rent_tax) over w, sum(service) over w, sum(service_tax) over w, sum(other) over w,
       sum(paid_rent + paid_rent_tax) over w, sum(paid_service + paid_service_tax) over w, sum(paid_other) over w
  from months
window w as (partition by tenancy_id, service_key order by month_key rows unbounded preceding)`;

/**
 * Recomputes a company's monthly totals from its charges and allocations (after bulk
 * inserts that bypassed addCharge and addReceipt). Run it inside the writer's transaction.
 */
export function rebuildLedgerMonths(store: Store, companyId: number, timeZone: string): void {
  const sqlite = store.sqlite;
  sqlite.prepare('delete from ledger_months where tenancy_id in (select id from tenancies where company_id = ?)').run(companyId);
  const span = sqlite
    .prepare<[number], { oldest: number | null; newest: number | null }>(
      'select min(receipt_date) as oldest, max(receipt_date) as newest from receipts where company_id = ?',
    )
    .get(companyId)!;
  sqlite.exec('create temp table if not exists ledger_month_bounds (from_ms integer primary key, month_key integer not null)');
  sqlite.exec('delete from temp.ledger_month_bounds');
  if (span.oldest !== null && span.newest !== null) {
    const insert = sqlite.prepare('insert into temp.ledger_month_bounds (from_ms, month_key) values (?, ?)');
    for (let ym = monthOf(span.oldest, timeZone); ; ym = addMonths(ym, 1)) {
      const range = monthRange(ym.year, ym.month, timeZone);
      if (range.from > span.newest) break;
      insert.run(range.from, ym.year * 100 + ym.month);
    }
  }
  sqlite.prepare(REBUILD).run({ companyId });
  sqlite.exec('delete from temp.ledger_month_bounds');
}
