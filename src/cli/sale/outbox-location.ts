/**
 * Where the offline outbox lives and where its sales are to go. The outbox sits beside the local
 * store when one is named (`--db shop.db`, or the profile's db, keeps `shop.outbox.db`), else in the user data
 * directory. Each queued sale records its destination, so a sync never sends a sale to a
 * different service than the one it was made for.
 */
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { CommandContext } from '../context.js';
import type { Outbox, OutboxEntry } from './outbox-store.js';

export async function outboxFile(context: CommandContext): Promise<string> {
  // --db, SHOPPROP_DB or the profile's db.
  const db = (await context.settings()).db;
  if (db) {
    const absolute = resolve(db);
    return join(dirname(absolute), `${basename(absolute, extname(absolute))}.outbox.db`);
  }
  const { defaultOutboxFile } = await import('../config/paths.js');
  return defaultOutboxFile(context.env);
}

/** `http://host:port/base` for a service, `local:/abs/path.db` for the local store in-process. */
export async function outboxTarget(context: CommandContext): Promise<string> {
  if (await context.embedded()) {
    const location = await context.storeLocation();
    const { isPostgresUrl, redactedUrl } = await import('../../store/store-location.js');
    return `local:${isPostgresUrl(location) ? redactedUrl(location) : resolve(location)}`;
  }
  const baseUrl = (await context.settings()).baseUrl ?? '';
  return baseUrl.replace(/\/+$/, '');
}

/**
 * The kept sale numbered `id`, with the outbox open for the caller (who closes it); a
 * not-found error (exit 3) naming the outbox when there is no such sale.
 */
export async function openOutboxEntry(context: CommandContext, id: number): Promise<{ outbox: Outbox; entry: OutboxEntry }> {
  const [{ existsSync }, { KnownError }, { Outbox }] = await Promise.all([
    import('node:fs'),
    import('../../contract/error-kinds.js'),
    import('./outbox-store.js'),
  ]);
  const file = await outboxFile(context);
  const missing = () => new KnownError('notFound', `no sale #${id} in the outbox (${file}); \`shopprop sale outbox\` lists the kept sales`);
  if (!existsSync(file)) throw missing();
  const outbox = await Outbox.open(file);
  const entry = outbox.get(id);
  if (!entry) {
    outbox.close();
    throw missing();
  }
  return { outbox, entry };
}
