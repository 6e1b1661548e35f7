/** The store interface on PostgreSQL: every area over one pool of connections. */
import type pg from 'pg';
import type { OwnedTable, ShopStore } from '../shop-store.js';
import { redactedUrl } from '../store-location.js';
import { postgresAccessStore } from './postgres-access-store.js';
import { postgresDirectoryStore } from './postgres-directory-store.js';
import { postgresPropertyStore } from './postgres-property-store.js';
import { postgresSalesStore } from './postgres-sales-store.js';
import { postgresSetupStore } from './postgres-setup-store.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

export function postgresShopStore(pool: pg.Pool, url: string): ShopStore {
  const access = postgresAccessStore(pool);
  return {
    ...postgresSalesStore(pool),
    ...access,
    ...postgresSetupStore(pool),
    ...postgresDirectoryStore(pool, access),
    ...postgresPropertyStore(pool),
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
