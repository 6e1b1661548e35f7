/**
 * Monthly totals of the tenancy ledger (ledger_months), kept beside the charges and receipt
 * allocations they sum, so a report of month M reads one row per tenancy instead of walking
 * every charge and allocation since the tenancy began.
 *
 * A row is one tenancy, one month (202611: the company's calendar month, as the reports
 * define it) and one service key: 0 for the whole tenancy (rent, every service, other dues),
 * or a service's id for that service's charges alone (the pay advice of SERVICE_CHARGE_ONLY).
 * It holds what was charged and paid in the month, and the running totals up to the month's
 * end, so "before M" is the running total of the latest row up to M less that row's own
 * month. Charges count in the month of their month_key (their date is inside it); allocations
 * in the month of their receipt's date in the company's zone.
 *
 * Existing ledgers are summed here, in one statement, so an older database upgrades in place.
 * This file is frozen with the schema it creates: the application keeps its own copy of the
 * rebuild (store/ledger-months.repository.ts), which may change with later schema versions.
 */
import { TZDate } from '@date-fns/tz';
import { sql, type Kysely } from 'kysely';

const TABLE = `create table if not exists ledger_months (
  tenancy_id integer not null references tenancies(id),
  service_key integer not null check (service_key >= 0),
  month_key integer not null check (month_key % 100 between 1 and 12),
  rent_cents integer not null default 0,
  rent_tax_cents integer not null default 0,
  service_cents integer not null default 0,
  service_tax_cents integer not null default 0,
  other_cents integer not null default 0,
  paid_rent_cents integer not null default 0,
  paid_rent_tax_cents integer not null default 0,
  paid_service_cents integer not null default 0,
  paid_service_tax_cents integer not null default 0,
  paid_other_cents integer not null default 0,
  paid_other_arrears_cents integer not null default 0,
  cum_rent_cents integer not null default 0,
  cum_rent_tax_cents integer not null default 0,
  cum_service_cents integer not null default 0,
  cum_service_tax_cents integer not null default 0,
  cum_other_cents integer not null default 0,
  cum_paid_rent_cents integer not null default 0,
  cum_paid_service_cents integer not null default 0,
  cum_paid_other_cents integer not null default 0,
  primary key (tenancy_id, service_key, month_key)
) strict, without rowid`;

const BOUNDS = `create temp table if not exists ledger_month_bounds_04 (
  company_id integer not null,
  from_ms integer not null,
  month_key integer not null,
  primary key (company_id, from_ms)
) without rowid`;

/*
 * Every charge and allocation gives one row to service key 0 and, when it is a service
 * charge's (with a service), one more to that service's key; rows are summed per month and
 * the running totals taken in month order.
 */
const BACKFILL = `
with allocations as materialized (
  select a.tenancy_id, a.part, a.service_id, a.amount_cents, a.charge_date, b.month_key, b.from_ms
    from receipt_allocations a
    join tenancies t on t.id = a.tenancy_id
    join temp.ledger_month_bounds_04 b on b.company_id = t.company_id
     and b.from_ms = (select max(x.from_ms) from temp.ledger_month_bounds_04 x
                       where x.company_id = t.company_id and x.from_ms <= a.receipt_date)
),
keys (n) as (values (0), (1)),
entries as (
  select c.tenancy_id, iif(k.n = 0, 0, c.service_id) as service_key, c.month_key,
         iif(c.kind = 'rent', c.amount_cents, 0) as rent, iif(c.kind = 'rent', c.tax_cents, 0) as rent_tax,
         iif(c.kind = 'service', c.amount_cents, 0) as service, iif(c.kind = 'service', c.tax_cents, 0) as service_tax,
         iif(c.kind = 'other', c.amount_cents + c.tax_cents, 0) as other,
         0 as paid_rent, 0 as paid_rent_tax, 0 as paid_service, 0 as paid_service_tax, 0 as paid_other, 0 as paid_other_arrears
    from charges c join keys k on k.n = 0 or (c.kind = 'service' and c.service_id is not null)
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** First millisecond of every month (in the company's zone) from its first receipt to its last. */
async function monthBounds(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: number; timeZone: string; oldest: number | null; newest: number | null }>`
    select c.id, c.time_zone as timeZone, min(r.receipt_date) as oldest, max(r.receipt_date) as newest
      from companies c join receipts r on r.company_id = c.id
     group by c.id`.execute(db);
  const values: string[] = [];
  for (const company of rows) {
    if (company.oldest === null || company.newest === null) continue;
    const first = new TZDate(company.oldest, company.timeZone);
    for (let index = first.getFullYear() * 12 + first.getMonth(); ; index += 1) {
      const year = Math.floor(index / 12);
      const month = index % 12;
      const from = new TZDate(year, month, 1, company.timeZone).getTime();
      if (from > company.newest) break;
      values.push(`(${company.id}, ${from}, ${year * 100 + month + 1})`);
    }
  }
  return values;
}

export async function up(db: Db): Promise<void> {
  // The migrator runs SQLite migrations outside a transaction: this one is all or nothing.
  await sql.raw('savepoint ledger_months_up').execute(db);
  try {
    await sql.raw(TABLE).execute(db);
    await sql.raw('delete from ledger_months').execute(db);
    await sql.raw(BOUNDS).execute(db);
    const bounds = await monthBounds(db);
    for (let i = 0; i < bounds.length; i += 500) {
      await sql.raw(`insert into temp.ledger_month_bounds_04 (company_id, from_ms, month_key) values ${bounds.slice(i, i + 500).join(', ')}`).execute(db);
    }
    await sql.raw(BACKFILL).execute(db);
    await sql.raw('drop table temp.ledger_month_bounds_04').execute(db);
    await sql.raw('release ledger_months_up').execute(db);
  } catch (error) {
    await sql.raw('rollback to ledger_months_up').execute(db);
    await sql.raw('release ledger_months_up').execute(db);
    throw error;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_months').ifExists().execute();
}
