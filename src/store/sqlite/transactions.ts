/**
 * Transactions on the store's connection. Work runs synchronously inside (better-sqlite3), so
 * what is read inside is still true at the write; a call made while one is open nests as a
 * savepoint, which a failure rolls back alone.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Store } from './open-db.js';

type Work = () => unknown;
const nestedRunners = new WeakMap<Store, SqliteDatabase.Transaction<(work: Work) => unknown>>();

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction (the write lock taken first), or in a savepoint
 * when one is open. A group commit nests one save in it per sale: the nested wrapper is made once
 * per store, since better-sqlite3 builds several functions for every transaction made.
 */
export function immediateTransaction<T>(store: Store, work: () => T): T {
  if (!store.sqlite.inTransaction) return store.sqlite.transaction(work).immediate();
  let run = nestedRunners.get(store);
  if (!run) {
    run = store.sqlite.transaction((inner: Work) => inner());
    nestedRunners.set(store, run);
  }
  return run.immediate(work) as T;
}

/** Whether a transaction is open: false after an error made SQLite abandon it. */
export function inTransaction(store: Store): boolean {
  return store.sqlite.inTransaction;
}
