/** Prepared statements cached per connection: preparing the same SQL on every call costs more than running it. */
import type SqliteDatabase from 'better-sqlite3';
import type { Store } from './open-db.js';

const caches = new WeakMap<SqliteDatabase.Database, Map<string, SqliteDatabase.Statement>>();

export function prepared<P extends unknown[] | object = unknown[], R = unknown>(store: Store, text: string): SqliteDatabase.Statement<P, R> {
  let cache = caches.get(store.sqlite);
  if (!cache) {
    cache = new Map();
    caches.set(store.sqlite, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = store.sqlite.prepare(text);
    cache.set(text, statement);
  }
  return statement as unknown as SqliteDatabase.Statement<P, R>;
}
