/**
 * The property-management tables: reference data, the tenancy ledger (charges, receipts and
 * their allocations), expenses, payments to landlords and prepared statements.
 *
 * Money is integer cents and rates are basis points; STRICT tables refuse anything else.
 * Dates are epoch ms. company_id is repeated on the ledger tables so every query can be
 * scoped to one company without a join.
 */
import { sql, type Kysely } from 'kysely';

const TABLES = [
  `create table zones (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     unique (company_id, name)
   ) strict`,
  `create table field_officers (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     phone text,
     unique (company_id, name)
   ) strict`,
  `create table landlords (
     id integer primary key,
     company_id integer not null references companies(id),
     code text not null,
     name text not null,
     email text,
     phone text,
     unique (company_id, code)
   ) strict`,
  `create table properties (
     id integer primary key,
     company_id integer not null references companies(id),
     code text not null,
     name text not null,
     lr_no text,
     email text,
     landlord_id integer not null references landlords(id),
     zone_id integer references zones(id),
     field_officer_id integer references field_officers(id),
     man_fee_rate_bp integer not null default 1000 check (man_fee_rate_bp between 0 and 10000),
     lld_payment_type text not null default 'COMBINED' check (lld_payment_type in ('COMBINED','RENT_ONLY','SERVICE_CHARGE_ONLY')),
     unique (company_id, code)
   ) strict`,
  `create table services (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     unique (company_id, name)
   ) strict`,
  `create table units (
     id integer primary key,
     company_id integer not null references companies(id),
     property_id integer not null references properties(id),
     unit_no text not null,
     market_rent_cents integer not null check (market_rent_cents >= 0),
     service_charge_cents integer not null default 0 check (service_charge_cents >= 0),
     service_id integer references services(id),
     rent_tax_rate_bp integer not null default 0 check (rent_tax_rate_bp between 0 and 10000),
     service_tax_rate_bp integer not null default 0 check (service_tax_rate_bp between 0 and 10000),
     unique (property_id, unit_no)
   ) strict`,
  `create table tenants (
     id integer primary key,
     company_id integer not null references companies(id),
     account_no text not null,
     name text not null,
     phone text,
     unique (company_id, account_no)
   ) strict`,
  `create table tenancies (
     id integer primary key,
     company_id integer not null references companies(id),
     unit_id integer not null references units(id),
     tenant_id integer not null references tenants(id),
     start_date integer not null,
     end_date integer,
     check (end_date is null or end_date >= start_date)
   ) strict`,
  `create table charges (
     id integer primary key,
     company_id integer not null references companies(id),
     tenancy_id integer not null references tenancies(id),
     kind text not null check (kind in ('rent','service','other')),
     service_id integer references services(id),
     month_key integer not null check (month_key % 100 between 1 and 12),
     charge_date integer not null,
     amount_cents integer not null check (amount_cents >= 0),
     tax_cents integer not null default 0 check (tax_cents >= 0),
     description text
   ) strict`,
  `create table receipts (
     id integer primary key,
     company_id integer not null references companies(id),
     tenancy_id integer not null references tenancies(id),
     receipt_date integer not null,
     amount_cents integer not null check (amount_cents > 0),
     reference text
   ) strict`,
  `create table receipt_allocations (
     id integer primary key,
     receipt_id integer not null references receipts(id),
     tenancy_id integer not null references tenancies(id),
     receipt_date integer not null,
     charge_id integer references charges(id),
     charge_date integer,
     service_id integer references services(id),
     part text not null check (part in ('rent','rent_tax','service','service_tax','other')),
     amount_cents integer not null check (amount_cents > 0),
     check (charge_id is not null or (part = 'rent' and charge_date is null))
   ) strict`,
  `create table expenses (
     id integer primary key,
     company_id integer not null references companies(id),
     property_id integer not null references properties(id),
     expense_date integer not null,
     description text not null,
     amount_cents integer not null check (amount_cents > 0)
   ) strict`,
  `create table statements (
     id integer primary key autoincrement, -- a replaced INTERIM's id is never handed out again
     company_id integer not null references companies(id),
     property_id integer not null references properties(id),
     landlord_id integer not null references landlords(id),
     zone_id integer references zones(id),
     year integer not null,
     month integer not null check (month between 1 and 12),
     month_key integer not null,
     statement_type text not null check (statement_type in ('INTERIM','FINAL')),
     lld_payment_type text not null check (lld_payment_type in ('COMBINED','RENT_ONLY','SERVICE_CHARGE_ONLY')),
     service_id integer references services(id),
     service_name text,
     property_name text not null,
     property_code text not null,
     property_email text,
     lr_no text,
     region_name text,
     landlord_code text not null,
     landlord_name text not null,
     with_effect_from integer not null,
     with_effect_to integer not null,
     date_prepared integer not null,
     due_date integer,
     prepared_by_id integer references users(id),
     prepared_by_name text,
     approved_for_pmt text check (approved_for_pmt is null or approved_for_pmt = 'YES'),
     date_approved integer,
     approved_by_id integer references users(id),
     approved_by_name text,
     paid_posted text not null default 'NO' check (paid_posted in ('YES','NO')),
     date_paid integer,
     monthly_recon_stmt text not null default 'NO' check (monthly_recon_stmt in ('YES','NO')),
     stmt_income_label text,
     rent_details_html text not null,
     rents_json text not null,
     expenses_json text not null,
     total_mkt_rent_cents integer not null,
     total_rent_cents integer not null,
     total_utility_cents integer not null,
     rent_invoiced_cents integer not null,
     rent_invoiced_tax_cents integer not null,
     utility_invoiced_cents integer not null,
     rent_bal_bf_cents integer not null,
     rent_bal_cf_cents integer not null,
     received_rent_cents integer not null,
     paid_rent_tax_cents integer not null,
     received_utility_cents integer not null,
     tenant_to_lld_cents integer not null,
     rcpt_from_lld_cents integer not null,
     expenses_cents integer not null,
     man_fees_rate_bp integer not null,
     man_fees_cents integer not null,
     man_fees_tax_cents integer not null,
     man_fees_total_cents integer not null,
     bal_bf_cents integer not null,
     amt_pyble_cents integer not null,
     period_income_cents integer not null,
     period_vat_cents integer not null,
     period_expense_cents integer not null,
     less_period_txn_cents integer not null,
     rental_tax_cents integer not null,
     rental_tax_comm_cents integer not null,
     rental_tax_comm_vat_cents integer not null,
     deferred_amount_cents integer not null,
     deferred_payment_cents integer not null,
     balance_cf_cents integer not null,
     check (approved_for_pmt is not null or paid_posted = 'NO')
   ) strict`,
  `create table landlord_payments (
     id integer primary key,
     company_id integer not null references companies(id),
     landlord_id integer not null references landlords(id),
     property_id integer references properties(id),
     statement_id integer references statements(id),
     payment_date integer not null,
     amount_cents integer not null,
     reference text
   ) strict`,
];

const INDEXES = [
  'create index zones_company on zones (company_id)',
  'create index properties_zone on properties (company_id, zone_id, field_officer_id)',
  'create index properties_field_officer on properties (company_id, field_officer_id)',
  'create index properties_landlord on properties (landlord_id)',
  'create index tenancies_unit on tenancies (unit_id, start_date, end_date)',
  'create index tenancies_tenant on tenancies (tenant_id)',
  // The monthly aggregates walk these covering indexes in their GROUP BY order
  // (tenancy, kind or part, service), reading dates and amounts from the index alone.
  'create index charges_ledger on charges (tenancy_id, kind, service_id, charge_date, amount_cents, tax_cents)',
  // One rent and one service charge per tenancy, service and month: an import cannot double them.
  `create unique index charges_monthly on charges (tenancy_id, kind, coalesce(service_id, 0), month_key) where kind in ('rent','service')`,
  'create index receipts_tenancy on receipts (tenancy_id, receipt_date)',
  'create index allocations_ledger on receipt_allocations (tenancy_id, part, service_id, receipt_date, charge_date, amount_cents)',
  'create index allocations_charge on receipt_allocations (charge_id, part, amount_cents)',
  'create index allocations_receipt on receipt_allocations (receipt_id)',
  'create index expenses_property on expenses (property_id, expense_date)',
  'create index landlord_payments_statement on landlord_payments (statement_id)',
  'create index landlord_payments_landlord on landlord_payments (landlord_id, payment_date)',
  // At most one FINAL statement per property and month, enforced by the database itself.
  `create unique index statements_final on statements (property_id, month_key) where statement_type = 'FINAL'`,
  'create index statements_property on statements (property_id, month_key, statement_type)',
  'create index statements_landlord on statements (company_id, landlord_id, zone_id, paid_posted)',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of [...TABLES, ...INDEXES]) await sql.raw(statement).execute(db);
}

const DROP_ORDER = [
  'landlord_payments',
  'statements',
  'expenses',
  'receipt_allocations',
  'receipts',
  'charges',
  'tenancies',
  'tenants',
  'units',
  'services',
  'properties',
  'landlords',
  'field_officers',
  'zones',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of DROP_ORDER) await db.schema.dropTable(table).ifExists().execute();
}
