/**
 * `shopprop local ...` commands work on the local store file directly (no HTTP): they are the
 * administration of the store that the bundled server serves.
 */
import { existsSync } from 'node:fs';
import type { Store } from '../store/open-db.js';
import { FIRST_STEPS, type CommandContext } from './context.js';
import { upgradeNotice } from './upgrade-notice.js';
import { CliUsageError } from './usage-error.js';

export async function withLocalStore<T>(context: CommandContext, body: (store: Store) => Promise<T> | T): Promise<T> {
  const file = await context.databaseFile();
  if (!existsSync(file)) {
    throw new CliUsageError(`no local store at ${file}: ${FIRST_STEPS}; --db picks another file`);
  }
  const { openStore } = await import('../store/open-db.js');
  const store = await openStore(file, { onUpgrade: upgradeNotice((message) => context.say(message), file) });
  try {
    // A store upgraded from an earlier version derives its ledger allocations again first.
    (await import('../services/ledger-allocation.js')).rederivePendingLedgers(store);
    return await body(store);
  } finally {
    await store.close();
  }
}

