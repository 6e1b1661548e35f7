/** Which company a row belongs to, and whether a company exists: the checks every route makes on the ids it is sent. */
import type { OwnedTable } from '../shop-store.js';
import { sql, type Sql } from '../unit-of-work/sql.js';
import type { Engine } from '../unit-of-work/transaction.js';

const OWNED_TABLES: readonly OwnedTable[] = [
  'retail_shops',
  'warehouses',
  'users',
  'cashbooks',
  'tax_rates',
  'payment_channels',
  'item_categories',
  'item_products',
  'item_specs',
  'cash_sales',
  'zones',
  'field_officers',
  'landlords',
  'properties',
  'services',
  'statements',
  'units',
  'tenants',
  'tenancies',
];
const OWNER = Object.fromEntries(OWNED_TABLES.map((table) => [table, sql(`select company_id from ${table} where id = ?`)])) as Record<OwnedTable, Sql>;
const COMPANY = sql('select 1 as found from companies where id = ?');

export function ownershipOn(engine: Engine): {
  ownerOf(table: OwnedTable, id: number): Promise<number | undefined>;
  companyExists(companyId: number): Promise<boolean>;
} {
  return {
    ownerOf: async (table, id) => (await engine.unit('read', (tx) => tx.get<{ company_id: number }>(OWNER[table], [id])))?.company_id,
    companyExists: async (companyId) => (await engine.unit('read', (tx) => tx.get(COMPANY, [companyId]))) !== undefined,
  };
}
