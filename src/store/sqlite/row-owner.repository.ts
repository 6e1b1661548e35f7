/** Which company a row belongs to: the one query behind every ownership check. */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import type { OwnedTable } from '../shop-store.js';

/** The company that owns the row, or undefined when there is no such row. */
export function ownerOf(store: Store, table: OwnedTable, id: number): number | undefined {
  return prepared<[number], { company_id: number }>(store, `select company_id from ${table} where id = ?`).get(id)?.company_id;
}
