/**
 * The PostgreSQL schema (src/store/postgres/migrations/) holds every table, column, not-null,
 * key, index, foreign key, check and trigger of the SQLite schema after all its migrations, and
 * its guards refuse what SQLite's refuse. Its migrations run once however many instances
 * start at the same time.
 */
import { describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { migratePostgres } from '../../src/store/postgres/migrate-postgres.js';
import { postgresMigrations } from '../../src/store/postgres/migrations/index.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { postgresShape, sqliteShape, type SchemaShape } from '../helpers/schema-shape.js';
import { usePostgres, withClient } from '../helpers/postgres.js';

const postgres = usePostgres();

/** Indexes SQLite alone has, and why. */
const SQLITE_ONLY_INDEXES: Record<string, string> = {
  // An expression index of each sale's record as SQLite's json_object text: the SQLite list
  // reads pages from it; PostgreSQL keeps the same text in a generated column (below).
  cash_sales: 'cash_sales_company_wire',
};

/** Columns PostgreSQL alone has, and why. */
const POSTGRES_ONLY_COLUMNS: Record<string, string> = {
  // Each sale's record as its JSON text, written with the sale, which SQLite keeps in its index.
  cash_sales: 'wire_json',
};

function withoutPostgresOnly(shape: SchemaShape): SchemaShape {
  const copy = structuredClone(shape);
  for (const [table, column] of Object.entries(POSTGRES_ONLY_COLUMNS)) {
    copy[table]!.columns = copy[table]!.columns.filter((entry) => !entry.startsWith(`${column} `));
  }
  return copy;
}

async function migratedDatabase(): Promise<string> {
  const url = await postgres.createDatabase();
  const pool = openPostgresPool(url);
  try {
    await migratePostgres(pool);
  } finally {
    await pool.end();
  }
  return url;
}

function withoutSqliteOnly(shape: SchemaShape): SchemaShape {
  const copy = structuredClone(shape);
  for (const [table, index] of Object.entries(SQLITE_ONLY_INDEXES)) {
    copy[table]!.indexes = copy[table]!.indexes.filter((entry) => !entry.startsWith(`${index} `));
  }
  return copy;
}

describe('the PostgreSQL schema', () => {
  it('has the tables, columns, not-nulls, keys, uniques, indexes, foreign keys, checks and triggers of the SQLite schema', async () => {
    const store = await openStore(':memory:');
    const sqlite = sqliteShape(store.sqlite);
    await store.close();
    const url = await migratedDatabase();
    const postgresSide = await withClient(url, (client) => postgresShape(client));

    expect(Object.keys(sqlite).length).toBeGreaterThan(25);
    expect(sqlite.cash_sales!.indexes.some((entry) => entry.startsWith('cash_sales_company_wire '))).toBe(true);
    expect(postgresSide.cash_sales!.columns).toContain('wire_json text');
    expect(withoutPostgresOnly(postgresSide)).toEqual(withoutSqliteOnly(sqlite));
  });

  it('refuses what the SQLite guards refuse: a second sale with one idempotency key, a unit on two sale lines, a second FINAL statement', async () => {
    const url = await migratedDatabase();
    await withClient(url, async (client) => {
      await client.query(`insert into companies (id, name) values (1, 'A'), (2, 'B');
        insert into users (id, company_id, name, role) values (1, 1, 'u', 'cashier');
        insert into item_products (id, company_id, name, code, price_cents, cost_cents) values (1, 1, 'Phone', 'P1', 1000, 800);
        insert into item_specs (id, company_id, product_id, purchase_price_cents, sale_price_cents) values (1, 1, 1, 800, 1000)`);
      const sale = (id: number, company: number, receipt: string, key: string) =>
        client.query(
          `insert into cash_sales (id, company_id, issue_date, amount_paid_cents, payment_method, transaction_type, receipt_no,
           sub_total_cents, total_discount_cents, total_tax_cents, total_amount_cents, balance_cents, idempotency_key, created_at, updated_at)
         values ($1, $2, 0, 1000, 'CASH', 'CASH', $3, 1000, 0, 0, 1000, 0, $4, 0, 0)`,
          [id, company, receipt, key],
        );
      await sale(1, 1, 'R1', 'key-1');
      await sale(2, 2, 'R1', 'key-1');
      await expect(sale(3, 1, 'R2', 'key-1')).rejects.toThrow(/cash_sales_company_id_idempotency_key_key/);
      await expect(sale(3, 1, 'R1', 'key-2')).rejects.toThrow(/cash_sales_company_id_receipt_no_key/);
      await sale(3, 1, 'R2', 'key-2');
      expect((await client.query('select company_id, count, version from cash_sale_stats order by company_id')).rows).toEqual([
        { company_id: '1', count: '2', version: '2' },
        { company_id: '2', count: '1', version: '1' },
      ]);

      const line = (id: number, saleId: number, qtyMilli = 1000) =>
        client.query(
          `insert into cash_sale_lines (id, sale_id, company_id, line_no, issue_date, item_name, item_product_id, item_spec_id, price_cents,
           unit_cost_cents, qty_milli, discount_cents, tax_inc_exc, tax_rate_bp, tax_cents, line_total_cents, profit_cents)
         values ($1, $2, 1, 1, 0, 'Phone', 1, 1, 1000, 800, $3, 0, 1, 0, 0, 1000, 200)`,
          [id, saleId, qtyMilli],
        );
      await expect(line(1, 1, 2000)).rejects.toThrow(/check/);
      await line(1, 1);
      await expect(line(2, 3)).rejects.toThrow(/cash_sale_lines_unit/);
      await expect(client.query("update item_specs set status = 'sold' where id = 1")).rejects.toThrow(/check/);

      await client.query(`insert into landlords (id, company_id, code, name) values (1, 1, 'L1', 'Landlord');
        insert into properties (id, company_id, code, name, landlord_id) values (1, 1, 'P1', 'Block A', 1)`);
      const statement = (type: string) =>
        client.query(
          `insert into statements (company_id, property_id, landlord_id, year, month, month_key, statement_type, lld_payment_type,
           property_name, property_code, landlord_code, landlord_name, with_effect_from, with_effect_to, date_prepared,
           rent_details_html, rents_json, expenses_json, total_mkt_rent_cents, total_rent_cents, total_utility_cents,
           rent_invoiced_cents, rent_invoiced_tax_cents, utility_invoiced_cents, rent_bal_bf_cents, rent_bal_cf_cents,
           received_rent_cents, paid_rent_tax_cents, received_utility_cents, tenant_to_lld_cents, rcpt_from_lld_cents,
           expenses_cents, man_fees_rate_bp, man_fees_cents, man_fees_tax_cents, man_fees_total_cents, bal_bf_cents,
           amt_pyble_cents, period_income_cents, period_vat_cents, period_expense_cents, less_period_txn_cents,
           rental_tax_cents, rental_tax_comm_cents, rental_tax_comm_vat_cents, deferred_amount_cents,
           deferred_payment_cents, balance_cf_cents)
         values (1, 1, 1, 2026, 10, 202610, $1, 'COMBINED', 'Block A', 'P1', 'L1', 'Landlord', 0, 0, 0, '', '[]', '[]',
           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
          [type],
        );
      await statement('INTERIM');
      await statement('INTERIM');
      await statement('FINAL');
      await expect(statement('FINAL')).rejects.toThrow(/statements_final/);
    });
  });

  it('is applied exactly once when two instances migrate one database at the same time', async () => {
    const url = await postgres.createDatabase();
    const first = openPostgresPool(url);
    const second = openPostgresPool(url);
    try {
      const results = await Promise.all([migratePostgres(first), migratePostgres(second)]);
      const applied = results.map((result) => result.applied).sort((a, b) => b.length - a.length);
      expect(applied).toEqual([Object.keys(postgresMigrations), []]);
      const rows = (await first.query<{ name: string }>('select name from schema_migrations order by name')).rows;
      expect(rows.map((row) => row.name)).toEqual(Object.keys(postgresMigrations));
      expect((await migratePostgres(second)).applied).toEqual([]);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });
});
