/** Which company a row belongs to: the one query behind every ownership check. */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

/** Tables whose rows belong to one company (each has `company_id`). */
export type OwnedTable =
  | 'retail_shops'
  | 'warehouses'
  | 'users'
  | 'cashbooks'
  | 'tax_rates'
  | 'payment_channels'
  | 'item_categories'
  | 'item_products'
  | 'item_specs'
  | 'cash_sales'
  | 'zones'
  | 'field_officers'
  | 'landlords'
  | 'properties'
  | 'services'
  | 'statements'
  | 'units'
  | 'tenants'
  | 'tenancies';

/** The company that owns the row, or undefined when there is no such row. */
export function ownerOf(store: Store, table: OwnedTable, id: number): number | undefined {
  return prepared<[number], { company_id: number }>(store, `select company_id from ${table} where id = ?`).get(id)?.company_id;
}
