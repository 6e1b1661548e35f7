/**
 * Group commit of cash sales, and the wait for the store's write lock, without ever blocking
 * the event loop.
 *
 * Saves are gathered while they keep arriving; the group is committed by saveCashSales in one
 * transaction at the first turn of the event loop that brings no new save (or after a few
 * turns). Each caller is answered only after the shared COMMIT returned, so an acknowledged
 * sale is on disk (synchronous=FULL); tills saving at once share one fsync.
 *
 * better-sqlite3 is synchronous: a busy timeout would stop the whole server (reads included)
 * while another process holds the write lock. The server's connection has no busy timeout, so
 * BEGIN IMMEDIATE fails at once when the lock is taken; the group then tries again on a timer,
 * gathering the saves that arrive meanwhile, and a save still waiting at its deadline is
 * refused as busy (503 with Retry-After): nothing of it was written.
 */
import type { Store } from './open-db.js';
import { saveCashSales } from './cash-sale-save.js';
import { sqliteEngine } from './sqlite-engine.js';
import { ServiceError } from '../../services/service-error.js';
import { BUSY_MESSAGE, isStoreBusy } from './store-failure.js';
import { type GroupCommitOptions } from '../sales-store.js';
import { type SaveCashSaleInput, type SaveCashSaleResult } from '../sales-store.js';

/** How long a save waits for the write lock before it is refused as busy. */
export const DEFAULT_LOCK_WAIT_MS = 5000;

interface Waiting {
  input: SaveCashSaleInput;
  deadline: number;
  resolve: (result: SaveCashSaleResult) => void;
  reject: (error: unknown) => void;
}

interface Group {
  waiting: Waiting[];
}

const groupByStore = new WeakMap<Store, Group>();

/** Saves a cash sale with the others arriving at the same time; resolves once it is committed. */
export function saveCashSaleInGroup(store: Store, input: SaveCashSaleInput, options: GroupCommitOptions = {}): Promise<SaveCashSaleResult> {
  return new Promise((resolve, reject) => {
    let group = groupByStore.get(store);
    if (!group) {
      group = { waiting: [] };
      groupByStore.set(store, group);
      setImmediate(commitWhenQuiet, store, group, 0, 1);
    }
    group.waiting.push({ input, deadline: Date.now() + (options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS), resolve, reject });
  });
}

const MAX_GATHERING_TURNS = 4;

function commitWhenQuiet(store: Store, group: Group, seen: number, turns: number): void {
  if (group.waiting.length > seen && turns < MAX_GATHERING_TURNS) setImmediate(commitWhenQuiet, store, group, group.waiting.length, turns + 1);
  else commitGroup(store, group, 0);
}

/** Pauses between attempts at the lock: short at first (a group commit holds it for milliseconds), then 50 ms. */
const retryDelayMs = (attempt: number) => Math.min(2 ** attempt, 50);

function commitGroup(store: Store, group: Group, attempt: number): void {
  // In the connection's turn (sqlite-engine.ts): never inside another unit's transaction.
  void sqliteEngine(store)
    .exclusive(() => commitNow(store, group, attempt))
    .catch((error: unknown) => rejectAll(store, group, error));
}

/** Commits the group and answers each save, all before anything else runs on the connection. */
function commitNow(store: Store, group: Group, attempt: number): void {
  const { waiting } = group;
  let outcomes: ReturnType<typeof saveCashSales>;
  try {
    outcomes = saveCashSales(store, waiting.map((w) => w.input));
  } catch (error) {
    // Nothing was written: the transaction never began, or was rolled back whole.
    if (isStoreBusy(error)) return waitForLock(store, group, attempt);
    return rejectAll(store, group, error);
  }
  groupByStore.delete(store);
  outcomes.forEach((outcome, i) => {
    if (outcome.ok) waiting[i]!.resolve(outcome.result);
    else waiting[i]!.reject(outcome.error);
  });
}

function rejectAll(store: Store, group: Group, error: unknown): void {
  if (groupByStore.get(store) === group) groupByStore.delete(store);
  for (const w of group.waiting) w.reject(error);
}

function waitForLock(store: Store, group: Group, attempt: number): void {
  const now = Date.now();
  for (const w of group.waiting) if (w.deadline <= now) w.reject(new ServiceError('busy', BUSY_MESSAGE));
  group.waiting = group.waiting.filter((w) => w.deadline > now);
  if (group.waiting.length === 0) {
    groupByStore.delete(store);
    return;
  }
  // Saves arriving meanwhile join this group (it stays the store's open group).
  setTimeout(commitGroup, retryDelayMs(attempt), store, group, attempt + 1);
}
