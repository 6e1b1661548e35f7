/**
 * Opens the store a command or the server works on, by where it is: a postgres:// URL opens
 * PostgreSQL (its schema brought up to date first, once however many instances start at once),
 * anything else is a SQLite file (made and brought up to date when needed). The backend's code
 * is imported only here, lazily, so a command loads the engine it uses and nothing else.
 */
import type { ShopStore } from '../shop-store.js';
import { isPostgresUrl } from '../store-location.js';

export interface OpenShopStoreOptions {
  /** Told before an existing store is upgraded, with the schema versions it lacks (SQLite's; PostgreSQL's schema is applied under a lock, without notice). */
  onUpgrade?: (pending: readonly string[]) => void;
  /** SQLite's page cache in KiB; better-sqlite3's default (16 MB) when not given. */
  pageCacheKiB?: number;
}

export async function openShopStore(location: string, options: OpenShopStoreOptions = {}): Promise<ShopStore> {
  if (isPostgresUrl(location)) return openPostgresShopStore(location);
  const { openSqliteShopStore } = await import('../sqlite/sqlite-shop-store.js');
  return openSqliteShopStore(location, options);
}

/** A pool on the URL (its size and statement timeout from the URL's parameters), the schema applied, the store over it. */
async function openPostgresShopStore(url: string): Promise<ShopStore> {
  const [{ openPostgresPool }, { migratePostgres }, { postgresShopStore }] = await Promise.all([
    import('../postgres/connect.js'),
    import('../postgres/migrate-postgres.js'),
    import('../postgres/postgres-shop-store.js'),
  ]);
  const pool = openPostgresPool(url);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return postgresShopStore(pool, url);
}
