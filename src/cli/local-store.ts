/**
 * `shopprop local ...` commands work on the local store file directly (no HTTP): they are the
 * administration of the store that the bundled server serves.
 */
import { existsSync } from 'node:fs';
import type { Store } from '../store/open-db.js';
import type { CommandContext } from './context.js';
import { CliUsageError } from './usage-error.js';

export async function withLocalStore<T>(context: CommandContext, body: (store: Store) => Promise<T> | T): Promise<T> {
  const file = await context.databaseFile();
  if (!existsSync(file)) {
    throw new CliUsageError(`no local store at ${file}: run \`shopprop demo\` first, or pick a file with --db`);
  }
  const { openStore } = await import('../store/open-db.js');
  const store = await openStore(file, { onUpgrade: upgradeNotice(context, file) });
  try {
    return await body(store);
  } finally {
    await store.close();
  }
}

/** Says on stderr that the store is being upgraded, once, before the (possibly long) work. */
export function upgradeNotice(context: Pick<CommandContext, 'say'>, file: string): (pending: readonly string[]) => void {
  return (pending) => context.say(`upgrading the local store ${file} to schema ${pending.at(-1)} (once per new version; a large store takes some seconds)`);
}
