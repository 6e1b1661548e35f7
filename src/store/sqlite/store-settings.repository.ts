/** The store's own key/value settings. */
import { randomBytes } from 'node:crypto';
import type { Store } from './open-db.js';

/** A random secret made once per database file, so `serve` and embedded runs sign alike. */
export function getOrCreateSecret(store: Store, key: string): Buffer {
  const read = store.sqlite.prepare<[string], { value: string }>('select value from store_settings where key = ?');
  const existing = read.get(key);
  if (existing) return Buffer.from(existing.value, 'hex');
  store.sqlite
    .prepare('insert into store_settings (key, value) values (?, ?) on conflict(key) do nothing')
    .run(key, randomBytes(32).toString('hex'));
  return Buffer.from(read.get(key)!.value, 'hex');
}
