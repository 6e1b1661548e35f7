/**
 * `shopprop local copy --from store.db --to postgres://...`: moves a SQLite store into an empty
 * PostgreSQL database (migrated first if need be), all or nothing, then checks that every
 * table's row count and content are the same on both and says so. The SQLite store is opened
 * as every local command opens it (upgraded to this version's schema, pending ledgers derived
 * again), so what is copied is what this version would serve.
 */
import { existsSync } from 'node:fs';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { progress } from '../../progress.js';
import { upgradeNotice } from '../../upgrade-notice.js';
import { CliUsageError } from '../../usage-error.js';
import { isPostgresUrl, redactedUrl } from '../../../store/store-location.js';

export async function run(options: { from?: string; to: string } & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const from = options.from ?? (await context.databaseFile());
  if (!isPostgresUrl(options.to)) throw new CliUsageError(`--to must be a postgres:// URL (got ${JSON.stringify(options.to)})`);
  if (!existsSync(from)) throw new CliUsageError(`no SQLite store at ${from}`);
  const [{ openShopStore }, { openPostgresPool }, { copySqliteToPostgres }] = await Promise.all([
    import('../../../store/open/open-shop-store.js'),
    import('../../../store/postgres/connect.js'),
    import('../../../store/postgres/copy-from-sqlite.js'),
  ]);
  const store = await openShopStore(from, { onUpgrade: upgradeNotice((message) => context.say(message), from) });
  const pool = openPostgresPool(options.to, { max: 1 });
  const shown = progress(context, 'copying rows:');
  try {
    await store.rederivePendingLedgers();
    const result = await copySqliteToPostgres(store, pool, ({ done, total }) => shown.update(done, total));
    shown.done();
    const rows = new Intl.NumberFormat('en-US').format(result.rows);
    context.say(`copied ${rows} rows of ${result.tables.length} tables from ${from} to ${redactedUrl(options.to)} in ${(result.copyMs / 1000).toFixed(1)} s`);
    if (result.differences.length > 0) {
      throw new Error(`the check found differences after the copy in ${result.differences.join(', ')}: do not use the PostgreSQL database`);
    }
    context.say(`checked in ${(result.checkMs / 1000).toFixed(1)} s: every table's row count and content are identical on both`);
  } finally {
    shown.done();
    await pool.end();
    await store.close();
  }
}
