/**
 * Prepared better-sqlite3 statements, made once per connection and SQL text: preparing the same
 * SQL on every call costs more than running it. Hot paths (lists, the save transaction) reuse them.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Store } from './open-db.js';

const caches = new WeakMap<SqliteDatabase.Database, Map<string, SqliteDatabase.Statement>>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers name the row type they read
export function prepared<P extends unknown[] | object = unknown[], R = any>(store: Store, text: string): SqliteDatabase.Statement<P, R> {
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
