/**
 * Prepared better-sqlite3 statements, made once per connection and SQL text. Hot paths (lists,
 * the save transaction) reuse them instead of parsing SQL on every request.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Store } from './open-db.js';

const cache = new WeakMap<SqliteDatabase.Database, Map<string, SqliteDatabase.Statement>>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function prepared<P extends unknown[] = unknown[], R = any>(store: Store, text: string): SqliteDatabase.Statement<P, R> {
  let statements = cache.get(store.sqlite);
  if (!statements) {
    statements = new Map();
    cache.set(store.sqlite, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = store.sqlite.prepare(text);
    statements.set(text, statement);
  }
  return statement as SqliteDatabase.Statement<P, R>;
}
