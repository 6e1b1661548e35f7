/**
 * The monthly totals of the tenancy ledger (table ledger_months; what a row holds is told in
 * migrations/2026-11-22-04-ledger-months.ts): what was charged and paid per tenancy, month
 * and service key, with running totals up to each month's end.
 *
 * Every write of a charge or a receipt adds to them in the writer's transaction (addCharge,
 * addReceipt); bulk writers (the demo) insert the ledger and then rebuild a company's totals
 * from it in one statement. The reports read them (property-ledger.repository.ts).
 */
import { addMonths, monthOf, monthRange } from '../../domain/month-range.js';
import { chargeEntries, receiptEntries, runningOf, WHOLE_TENANCY, ZERO_MONTH, type MonthCharge, type MonthFigures, type MonthReceipt, type MonthRow } from '../../domain/ledger-months.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

export { WHOLE_TENANCY };

/** A month's row starts from the running totals of the tenancy's latest row before it. */
const ENSURE_ROW = `
insert into ledger_months (tenancy_id, service_key, month_key,
  cum_rent_cents, cum_rent_tax_cents, cum_service_cents, cum_service_tax_cents, cum_other_cents,
  cum_paid_rent_cents, cum_paid_service_cents, cum_paid_other_cents)
select @tenancyId, @serviceKey, @monthKey,
       coalesce(p.cum_rent_cents, 0), coalesce(p.cum_rent_tax_cents, 0), coalesce(p.cum_service_cents, 0),
       coalesce(p.cum_service_tax_cents, 0), coalesce(p.cum_other_cents, 0), coalesce(p.cum_paid_rent_cents, 0),
       coalesce(p.cum_paid_service_cents, 0), coalesce(p.cum_paid_other_cents, 0)
  from (select 1) left join ledger_months p
    on p.tenancy_id = @tenancyId and p.service_key = @serviceKey
   and p.month_key = (select max(month_key) from ledger_months
                       where tenancy_id = @tenancyId and service_key = @serviceKey and month_key < @monthKey)
 where true
on conflict do nothing`;

/** The month's own figures, and the running totals of it and every later month. */
const ADD = `
update ledger_months set
  rent_cents = rent_cents + iif(month_key = @monthKey, @rent, 0),
  rent_tax_cents = rent_tax_cents + iif(month_key = @monthKey, @rentTax, 0),
  service_cents = service_cents + iif(month_key = @monthKey, @service, 0),
  service_tax_cents = service_tax_cents + iif(month_key = @monthKey, @serviceTax, 0),
  other_cents = other_cents + iif(month_key = @monthKey, @other, 0),
  paid_rent_cents = paid_rent_cents + iif(month_key = @monthKey, @paidRent, 0),
  paid_rent_tax_cents = paid_rent_tax_cents + iif(month_key = @monthKey, @paidRentTax, 0),
  paid_service_cents = paid_service_cents + iif(month_key = @monthKey, @paidService, 0),
  paid_service_tax_cents = paid_service_tax_cents + iif(month_key = @monthKey, @paidServiceTax, 0),
  paid_other_cents = paid_other_cents + iif(month_key = @monthKey, @paidOther, 0),
  paid_other_arrears_cents = paid_other_arrears_cents + iif(month_key = @monthKey, @paidOtherArrears, 0),
  cum_rent_cents = cum_rent_cents + @runningRent,
  cum_rent_tax_cents = cum_rent_tax_cents + @runningRentTax,
  cum_service_cents = cum_service_cents + @runningService,
  cum_service_tax_cents = cum_service_tax_cents + @runningServiceTax,
  cum_other_cents = cum_other_cents + @runningOther,
  cum_paid_rent_cents = cum_paid_rent_cents + @runningPaidRent,
  cum_paid_service_cents = cum_paid_service_cents + @runningPaidService,
  cum_paid_other_cents = cum_paid_other_cents + @runningPaidOther
 where tenancy_id = @tenancyId and service_key = @serviceKey and month_key >= @monthKey`;

interface Target {
  tenancyId: number;
  serviceKey: number;
  monthKey: number;
}

/** Adds amounts to a tenancy's month (creating its row) and to the running totals from it on. */
export function addToMonth(store: Store, target: Target, amounts: Partial<MonthFigures>): void {
  const own = { ...ZERO_MONTH, ...amounts };
  // What the running totals gain is the domain's rule (paid rent with its tax...): SQL only adds.
  const r = runningOf(own);
  const running = {
    runningRent: r.rent,
    runningRentTax: r.rentTax,
    runningService: r.service,
    runningServiceTax: r.serviceTax,
    runningOther: r.other,
    runningPaidRent: r.paidRent,
    runningPaidService: r.paidService,
    runningPaidOther: r.paidOther,
  };
  const parameters = { ...own, ...running, ...target };
  prepared(store, ENSURE_ROW).run(parameters);
  prepared(store, ADD).run(parameters);
}

export interface ChargeEntry extends MonthCharge {
  tenancyId: number;
}

export function addCharge(store: Store, charge: ChargeEntry): void {
  for (const [serviceKey, amounts] of chargeEntries(charge)) addToMonth(store, { tenancyId: charge.tenancyId, serviceKey, monthKey: charge.monthKey }, amounts);
}

export interface ReceiptEntry extends MonthReceipt {
  tenancyId: number;
}

/** A receipt's allocations, summed for the whole tenancy and for each service it paid. */
export function addReceipt(store: Store, receipt: ReceiptEntry): void {
  for (const [serviceKey, amounts] of receiptEntries(receipt)) addToMonth(store, { tenancyId: receipt.tenancyId, serviceKey, monthKey: receipt.monthKey }, amounts);
}

/** Replaces a tenancy's month rows (after its allocations were derived again). */
export function replaceTenancyMonths(store: Store, tenancyId: number, rows: readonly MonthRow[]): void {
  prepared(store, 'delete from ledger_months where tenancy_id = ?').run(tenancyId);
  const insert = prepared(
    store,
    `insert into ledger_months (tenancy_id, service_key, month_key,
       rent_cents, rent_tax_cents, service_cents, service_tax_cents, other_cents,
       paid_rent_cents, paid_rent_tax_cents, paid_service_cents, paid_service_tax_cents, paid_other_cents, paid_other_arrears_cents,
       cum_rent_cents, cum_rent_tax_cents, cum_service_cents, cum_service_tax_cents, cum_other_cents,
       cum_paid_rent_cents, cum_paid_service_cents, cum_paid_other_cents)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const { serviceKey, monthKey, month: m, running: r } of rows) {
    insert.run(
      tenancyId, serviceKey, monthKey,
      m.rent, m.rentTax, m.service, m.serviceTax, m.other,
      m.paidRent, m.paidRentTax, m.paidService, m.paidServiceTax, m.paidOther, m.paidOtherArrears,
      r.rent, r.rentTax, r.service, r.serviceTax, r.other, r.paidRent, r.paidService, r.paidOther,
    );
  }
}

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
    .prepare<[number], { oldest: number | null; newest: number | null }>('select min(receipt_date) as oldest, max(receipt_date) as newest from receipts where company_id = ?')
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
