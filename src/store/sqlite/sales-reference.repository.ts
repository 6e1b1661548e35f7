/**
 * Look-ups of the reference rows a sale names (shop, user, cashbook, tax rate, channel,
 * product, unit): which company owns them, and what a sale line needs to know of them.
 */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import type { ProductForSale, TaxRateForSale, UnitForSale } from '../../domain/sale-references.js';

/** Things a request may name by id, and the table that holds them. */
export const OWNED_TABLES = {
  retailShop: 'retail_shops',
  warehouse: 'warehouses',
  user: 'users',
  cashbook: 'cashbooks',
  taxRate: 'tax_rates',
  paymentChannel: 'payment_channels',
  itemCategory: 'item_categories',
  itemProduct: 'item_products',
  itemSpec: 'item_specs',
  cashSale: 'cash_sales',
} as const;
export type OwnedKind = keyof typeof OWNED_TABLES;

/** The company that owns the row, or undefined when there is no such row. */
export function companyOf(store: Store, kind: OwnedKind, id: number): number | undefined {
  return prepared<[number], { company_id: number }>(store, `select company_id from ${OWNED_TABLES[kind]} where id = ?`).get(id)?.company_id;
}

export function productForSale(store: Store, id: number): ProductForSale | undefined {
  return prepared<[number], ProductForSale>(store, 'select id, company_id, category_id, price_cents from item_products where id = ?').get(id);
}

export function unitForSale(store: Store, id: number): UnitForSale | undefined {
  return prepared<[number], UnitForSale>(
    store,
    `select u.id, u.company_id, u.product_id, u.status, u.sold_line_id, u.sale_price_cents, l.sale_id as sold_sale_id
       from item_specs u left join cash_sale_lines l on l.id = u.sold_line_id
      where u.id = ?`,
  ).get(id);
}

export function taxRateForSale(store: Store, id: number): TaxRateForSale | undefined {
  return prepared<[number], TaxRateForSale>(store, 'select company_id, rate_bp from tax_rates where id = ?').get(id);
}

export function companyTimeZone(store: Store, companyId: number): string | undefined {
  return prepared<[number], { time_zone: string }>(store, 'select time_zone from companies where id = ?').get(companyId)?.time_zone;
}
