/** Rows read from a store file as it is on disk, by a connection of their own (read-only, closed at once). */
import Database from 'better-sqlite3';

export function readRows<T>(dbFile: string, sql: string, ...params: unknown[]): T[] {
  const sqlite = new Database(dbFile, { readonly: true });
  try {
    return sqlite.prepare(sql).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}
