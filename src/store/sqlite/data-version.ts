/**
 * SQLite's `PRAGMA data_version`: it moves when another connection commits to the file, so what
 * a process keeps of the store (the server's principals) can be dropped when it does.
 */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

export function dataVersion(store: Store): number {
  return prepared<[], { data_version: number }>(store, 'pragma data_version').get()!.data_version;
}
