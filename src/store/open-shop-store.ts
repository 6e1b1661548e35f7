/**
 * Opens the store a command or the server works on, by where it is: today a SQLite file (made
 * and brought up to date when needed). The backend's code is imported only here, lazily, so a
 * command loads the engine it uses and nothing else.
 */
import type { ShopStore } from './shop-store.js';

export interface OpenShopStoreOptions {
  /** Told before an existing store is upgraded, with the schema versions it lacks. */
  onUpgrade?: (pending: readonly string[]) => void;
  /** SQLite's page cache in KiB; better-sqlite3's default (16 MB) when not given. */
  pageCacheKiB?: number;
}

export async function openShopStore(location: string, options: OpenShopStoreOptions = {}): Promise<ShopStore> {
  const { openSqliteShopStore } = await import('./sqlite/sqlite-shop-store.js');
  return openSqliteShopStore(location, options);
}
