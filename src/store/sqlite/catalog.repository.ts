/** The catalog of a company: categories, products and the names an import refers to. */
import type { Store } from './open-db.js';
import type { ItemProductsTable } from '../tables/sales.js';
import { prepared } from './prepared-statements.js';

export interface NamedRow {
  id: number;
  name: string;
}

export function categoriesByName(store: Store, companyId: number): Map<string, number> {
  const rows = prepared<[number], NamedRow>(store, 'select id, name from item_categories where company_id = ?').all(companyId);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export function insertCategory(store: Store, companyId: number, name: string): number {
  return Number(prepared(store, 'insert into item_categories (company_id, name) values (?, ?)').run(companyId, name).lastInsertRowid);
}

export function taxRatesOf(store: Store, companyId: number): { id: number; rate_bp: number }[] {
  return prepared<[number], { id: number; rate_bp: number }>(store, 'select id, rate_bp from tax_rates where company_id = ? order by id').all(companyId);
}

export interface ProductByCode {
  id: number;
  code: string;
  price_cents: number;
  cost_cents: number;
}

export function productsByCode(store: Store, companyId: number): Map<string, ProductByCode> {
  const rows = prepared<[number], ProductByCode & { code: string }>(store, 'select id, code, price_cents, cost_cents from item_products where company_id = ?').all(companyId);
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

/** A product row to insert: every column but the generated id. */
export type NewProduct = Omit<ItemProductsTable, 'id'>;

export function insertProduct(store: Store, p: NewProduct): number {
  return Number(
    prepared(store, 'insert into item_products (company_id, category_id, name, code, price_cents, cost_cents, tax_rate_id, tax_inc_exc) values (?, ?, ?, ?, ?, ?, ?, ?)').run(
      p.company_id,
      p.category_id,
      p.name,
      p.code,
      p.price_cents,
      p.cost_cents,
      p.tax_rate_id,
      p.tax_inc_exc,
    ).lastInsertRowid,
  );
}

export function shopsByName(store: Store, companyId: number): Map<string, number> {
  const rows = prepared<[number], NamedRow>(store, 'select id, name from retail_shops where company_id = ?').all(companyId);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export function warehousesByName(store: Store, companyId: number): Map<string, { id: number; shop_id: number | null }> {
  const rows = prepared<[number], NamedRow & { shop_id: number | null }>(store, 'select id, name, shop_id from warehouses where company_id = ?').all(companyId);
  return new Map(rows.map((r) => [r.name.toLowerCase(), { id: r.id, shop_id: r.shop_id }]));
}

/** The names of a company's shops or warehouses as written, to list the valid ones in a refusal. */
export function namesOf(store: Store, table: 'retail_shops' | 'warehouses', companyId: number): string[] {
  return prepared<[number], { name: string }>(store, `select name from ${table} where company_id = ? order by id`).all(companyId).map((r) => r.name);
}

export function companyExists(store: Store, companyId: number): boolean {
  return prepared<[number]>(store, 'select 1 from companies where id = ?').get(companyId) !== undefined;
}
