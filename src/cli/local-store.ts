/**
 * `shopprop local ...` commands work on the local store file directly (no HTTP): they are the
 * administration of the store that the bundled server serves.
 */
import { existsSync } from 'node:fs';
import { isPostgresUrl } from '../store/store-location.js';
import type { ShopStore } from '../store/shop-store.js';
import { FIRST_STEPS, type CommandContext } from './context.js';
import { upgradeNotice } from './upgrade-notice.js';
import { CliUsageError } from './usage-error.js';

export async function withLocalStore<T>(
  context: CommandContext,
  body: (store: ShopStore) => Promise<T> | T,
  options: { pageCacheKiB?: number } = {},
): Promise<T> {
  const file = await context.storeLocation();
  if (!isPostgresUrl(file) && !existsSync(file)) {
    throw new CliUsageError(`no local store at ${file}: ${FIRST_STEPS}; --db picks another file`);
  }
  const { openShopStore } = await import('../store/open/open-shop-store.js');
  const store = await openShopStore(file, { onUpgrade: upgradeNotice((message) => context.say(message), file), ...options });
  try {
    // A store upgraded from an earlier version derives its ledger allocations again first.
    await store.rederivePendingLedgers();
    return await body(store);
  } finally {
    await store.close();
  }
}
