/**
 * Where the offline outbox lives and where its sales are to go. The outbox sits beside the local
 * store when one is named (`--db shop.db`, or the profile's db, keeps `shop.outbox.db`), else in the user data
 * directory. Each queued sale records its destination, so a sync never sends a sale to a
 * different service than the one it was made for.
 */
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { CommandContext } from '../context.js';

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
  if (await context.embedded()) return `local:${resolve(await context.databaseFile())}`;
  const baseUrl = (await context.settings()).baseUrl ?? '';
  return baseUrl.replace(/\/+$/, '');
}
