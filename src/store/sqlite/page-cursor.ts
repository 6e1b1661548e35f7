/**
 * Remembers where the last page of a list ended, so the next page of a sequential walk
 * (start = previous start + limit) is a keyset seek instead of an OFFSET scan. A remembered
 * position is used only while the company's sales are unchanged (the write version maintained
 * by triggers), so the page is exactly what OFFSET would return.
 */
import type { SortKey } from './cash-sale-list.repository.js';
import type { Store } from './open-db.js';

interface Cursor {
  version: number;
  start: number;
  after: SortKey;
}

const MAX_CURSORS = 1000;
const cursors = new WeakMap<Store, Map<string, Cursor>>();

/** The last row before `start` in the list named by `listKey`, if a walk left it there. */
export function cursorAt(store: Store, listKey: string, start: number, version: number): SortKey | undefined {
  const cursor = cursors.get(store)?.get(listKey);
  return cursor && cursor.start === start && cursor.version === version ? cursor.after : undefined;
}

/** Records that the page ending before `nextStart` ended at row `last`. */
export function rememberCursor(store: Store, listKey: string, nextStart: number, version: number, last: SortKey): void {
  let map = cursors.get(store);
  if (!map) {
    map = new Map();
    cursors.set(store, map);
  }
  map.delete(listKey);
  if (map.size >= MAX_CURSORS) map.delete(map.keys().next().value!);
  map.set(listKey, { version, start: nextStart, after: last });
}
