/**
 * The cash-sale tables. Rules that must hold however the data is written are constraints here,
 * not only checks in code: a unit is sold at most once (a unique index over live sale lines and
 * a status/sold_line check), serial numbers and IMEIs share one namespace per company
 * (item_identifiers), receipt numbers and idempotency keys are unique per company, and the
 * per-company sale count is kept by triggers so the list's `count` is one row read.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table retail_shops (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     location text
   )`,
  `create index retail_shops_company on retail_shops(company_id)`,
  `create table warehouses (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     shop_id integer references retail_shops(id)
   )`,
  `create index warehouses_company on warehouses(company_id)`,
  `create table cashbooks (
     id integer primary key,
     company_id integer not null references companies(id),
     code text not null,
     name text not null
   )`,
  `create index cashbooks_company on cashbooks(company_id)`,
  `create table tax_rates (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     rate_bp integer not null check (rate_bp between 0 and 10000)
   )`,
  `create index tax_rates_company on tax_rates(company_id)`,
  `create table payment_channels (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     method text not null check (method in ('CASH','MPESA','CHECK'))
   )`,
  `create index payment_channels_company on payment_channels(company_id)`,
  `create table item_categories (
     id integer primary key,
     company_id integer not null references companies(id),
     name text not null,
     unique (company_id, name)
   )`,
  `create table item_products (
     id integer primary key,
     company_id integer not null references companies(id),
     category_id integer references item_categories(id),
     name text not null,
     code text not null,
     price_cents integer not null check (price_cents >= 0),
     cost_cents integer not null check (cost_cents >= 0),
     tax_rate_id integer references tax_rates(id),
     tax_inc_exc integer not null default 1 check (tax_inc_exc in (0, 1)),
     unique (company_id, code)
   )`,
  `create index item_products_category on item_products(category_id)`,
  `create table item_specs (
     id integer primary key,
     company_id integer not null references companies(id),
     product_id integer not null references item_products(id),
     serial_no text,
     imei1 text,
     imei2 text,
     colour text,
     colour_variant text,
     purchase_price_cents integer not null check (purchase_price_cents >= 0),
     sale_price_cents integer not null check (sale_price_cents >= 0),
     warehouse_id integer references warehouses(id),
     shop_id integer references retail_shops(id),
     status text not null default 'in_stock' check (status in ('in_stock','sold')),
     sold_line_id integer,
     check ((status = 'sold') = (sold_line_id is not null))
   )`,
  // The receipt list: a company's units in stock, in id order.
  `create index item_specs_company_status on item_specs(company_id, status, id)`,
  `create index item_specs_product on item_specs(product_id)`,
  `create unique index item_specs_sold_line on item_specs(sold_line_id) where sold_line_id is not null`,
  // Serial numbers, IMEI 1 and IMEI 2 of every unit: one namespace per company.
  `create table item_identifiers (
     company_id integer not null references companies(id),
     identifier text not null,
     item_spec_id integer not null references item_specs(id) on delete cascade,
     kind text not null check (kind in ('serial','imei')),
     primary key (company_id, identifier)
   ) without rowid`,
  `create index item_identifiers_spec on item_identifiers(item_spec_id)`,
  `create table cash_sales (
     id integer primary key,
     company_id integer not null references companies(id),
     issue_date integer not null,
     issued_to text,
     issued_to_phone text,
     amount_paid_cents integer not null check (amount_paid_cents >= 0),
     payment_method text not null check (payment_method in ('CASH','MPESA','CHECK')),
     transaction_type text not null check (transaction_type in ('CASH','MPESA','CHECK')),
     ref_no text,
     receipt_no text not null,
     notes text,
     cashbook_id integer references cashbooks(id),
     retail_shop_id integer references retail_shops(id),
     user_id integer references users(id),
     sub_total_cents integer not null,
     total_discount_cents integer not null,
     total_tax_cents integer not null,
     total_amount_cents integer not null,
     balance_cents integer not null,
     idempotency_key text,
     request_hash text,
     created_at integer not null,
     updated_at integer not null,
     check (amount_paid_cents <= total_amount_cents),
     check (balance_cents = total_amount_cents - amount_paid_cents),
     unique (company_id, receipt_no),
     unique (company_id, idempotency_key)
   )`,
  `create index cash_sales_company_date on cash_sales(company_id, issue_date desc, id desc)`,
  `create index cash_sales_shop_date on cash_sales(retail_shop_id, issue_date desc, id desc)`,
  `create index cash_sales_user_date on cash_sales(user_id, issue_date desc, id desc)`,
  // Header fields are copied onto each line (lines are rewritten with their sale), so every
  // filter of the sale item list is one index range in newest-first order.
  `create table cash_sale_lines (
     id integer primary key,
     sale_id integer not null references cash_sales(id) on delete cascade,
     company_id integer not null references companies(id),
     line_no integer not null,
     issue_date integer not null,
     retail_shop_id integer,
     user_id integer,
     item_name text not null,
     item_product_id integer not null references item_products(id),
     item_category_id integer references item_categories(id),
     item_spec_id integer references item_specs(id),
     price_cents integer not null,
     original_price_cents integer,
     default_price_cents integer,
     unit_cost_cents integer not null,
     qty_milli integer not null check (qty_milli > 0),
     discount_cents integer not null check (discount_cents >= 0),
     tax_inc_exc integer not null check (tax_inc_exc in (0, 1)),
     tax_rate_id integer references tax_rates(id),
     tax_rate_bp integer not null,
     tax_cents integer not null,
     line_total_cents integer not null,
     profit_cents integer not null,
     check (item_spec_id is null or qty_milli = 1000)
   )`,
  // A serialised unit appears on at most one live sale line.
  `create unique index cash_sale_lines_unit on cash_sale_lines(item_spec_id) where item_spec_id is not null`,
  `create index cash_sale_lines_sale on cash_sale_lines(sale_id)`,
  `create index cash_sale_lines_company_date on cash_sale_lines(company_id, issue_date desc, id desc)`,
  `create index cash_sale_lines_shop_date on cash_sale_lines(company_id, retail_shop_id, issue_date desc, id desc)`,
  `create index cash_sale_lines_user_date on cash_sale_lines(company_id, user_id, issue_date desc, id desc)`,
  `create index cash_sale_lines_product_date on cash_sale_lines(company_id, item_product_id, issue_date desc, id desc)`,
  `create index cash_sale_lines_category_date on cash_sale_lines(company_id, item_category_id, issue_date desc, id desc)`,
  `create table cash_sale_channels (
     id integer primary key,
     sale_id integer not null references cash_sales(id) on delete cascade,
     company_id integer not null references companies(id),
     channel_id integer not null references payment_channels(id),
     reference_no text,
     amount_cents integer not null check (amount_cents >= 0)
   )`,
  `create index cash_sale_channels_sale on cash_sale_channels(sale_id)`,
  // count: number of sales; version: bumped by every write, so a cached page position is
  // known to be stale when any sale of the company changed.
  `create table cash_sale_stats (
     company_id integer primary key references companies(id),
     count integer not null default 0,
     version integer not null default 0
   )`,
  `create trigger cash_sales_after_insert after insert on cash_sales begin
     insert into cash_sale_stats (company_id, count, version) values (new.company_id, 1, 1)
       on conflict(company_id) do update set count = count + 1, version = version + 1;
   end`,
  `create trigger cash_sales_after_delete after delete on cash_sales begin
     update cash_sale_stats set count = count - 1, version = version + 1 where company_id = old.company_id;
   end`,
  `create trigger cash_sales_after_update after update on cash_sales begin
     update cash_sale_stats set version = version + 1 where company_id in (old.company_id, new.company_id);
   end`,
];

const tables = [
  'cash_sale_stats',
  'cash_sale_channels',
  'cash_sale_lines',
  'cash_sales',
  'item_identifiers',
  'item_specs',
  'item_products',
  'item_categories',
  'payment_channels',
  'tax_rates',
  'cashbooks',
  'warehouses',
  'retail_shops',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables) await sql.raw(`drop table if exists ${table}`).execute(db);
}
