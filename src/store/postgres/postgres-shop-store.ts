/**
 * The store interface on PostgreSQL, as far as it goes: every area but the property one (reports,
 * statements, ledger imports), over one pool of connections. Until PostgresShopStore is a whole
 * ShopStore, nothing opens it for the server or the `local` commands (open-shop-store.ts opens
 * SQLite files only); the tests use it area by area.
 */
import type pg from 'pg';
import type { PropertyStore } from '../property-store.js';
import type { OwnedTable, ShopStore } from '../shop-store.js';
import { redactedUrl } from './database-url.js';
import { postgresAccessStore } from './postgres-access-store.js';
import { postgresDirectoryStore } from './postgres-directory-store.js';
import { postgresSalesStore } from './postgres-sales-store.js';
import { postgresSetupStore } from './postgres-setup-store.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

/** What PostgreSQL implements of the store interface so far: all of it but the property area. */
export type PostgresShopStore = Omit<ShopStore, keyof PropertyStore>;

export function postgresShopStore(pool: pg.Pool, url: string): PostgresShopStore {
  const access = postgresAccessStore(pool);
  return {
    ...postgresSalesStore(pool),
    ...access,
    ...postgresSetupStore(pool),
    ...postgresDirectoryStore(pool, access),
    location: redactedUrl(url),
    ownerOf: (table: OwnedTable, id: number) =>
      inTransaction(pool, async (client) => {
        const row = (await client.query(`select company_id from ${table} where id = $1`, [id])).rows[0] as Record<string, unknown> | undefined;
        return row && numbersOf<{ company_id: number }>(row).company_id;
      }),
    companyExists: (companyId) => inTransaction(pool, async (client) => (await client.query('select 1 from companies where id = $1', [companyId])).rowCount === 1),
    // Waiting for a row lock blocks only this unit's connection, never the event loop.
    beginServing: () => undefined,
    close: () => pool.end(),
  };
}
