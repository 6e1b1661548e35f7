/**
 * `shopprop local migrate --database URL|FILE`: brings a store's schema up to date. A postgres://
 * URL gets the PostgreSQL schema (pg and kysely are loaded only then); a file, or the profile's
 * store when --database is not given, the SQLite one.
 */
import { existsSync } from 'node:fs';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { isPostgresUrl, redactedUrl } from '../../../store/store-location.js';

export async function run(options: { database?: string } & GlobalOptions): Promise<void> {
  const context = createContext(options);
  // --database as given (a URL, or a SQLite file as before), else the profile's store.
  const target = options.database ?? (await context.storeLocation());
  if (isPostgresUrl(target)) {
    const [{ openPostgresPool }, { migratePostgres }] = await Promise.all([
      import('../../../store/postgres/connect.js'),
      import('../../../store/postgres/migrate-postgres.js'),
    ]);
    const pool = openPostgresPool(target, { max: 1 });
    try {
      const { applied } = await migratePostgres(pool);
      context.say(
        applied.length === 0
          ? `${redactedUrl(target)}: the PostgreSQL schema is up to date`
          : `${redactedUrl(target)}: applied ${applied.length} PostgreSQL schema version${applied.length === 1 ? '' : 's'} (${applied.join(', ')})`,
      );
    } finally {
      await pool.end();
    }
    return;
  }
  const existed = existsSync(target);
  let pending: readonly string[] = [];
  const { openShopStore } = await import('../../../store/open/open-shop-store.js');
  const store = await openShopStore(target, { onUpgrade: (versions) => (pending = versions) });
  await store.close();
  if (!existed) context.say(`${target}: created a SQLite store at the current schema`);
  else if (pending.length === 0) context.say(`${target}: the SQLite schema is up to date`);
  else context.say(`${target}: applied ${pending.length} SQLite schema version${pending.length === 1 ? '' : 's'} (${pending.join(', ')})`);
}
