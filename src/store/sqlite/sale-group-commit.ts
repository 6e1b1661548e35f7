/**
 * Group commit of cash sales, and the wait for the store's write lock, without ever blocking
 * the event loop.
 *
 * Saves are gathered while they keep arriving; the group is committed in one unit of work
 * (each save the unit written once for every engine, ../units/sale-save.ts, in a savepoint) at
 * the first turn of the event loop that brings no new save (or after a few turns). Each caller is answered only after the shared COMMIT returned, so an acknowledged
 * sale is on disk (synchronous=FULL); tills saving at once share one fsync.
 *
 * better-sqlite3 is synchronous: a busy timeout would stop the whole server (reads included)
 * while another process holds the write lock. The server's connection has no busy timeout, so
 * BEGIN IMMEDIATE fails at once when the lock is taken; the group then tries again on a timer
 * (saves arriving meanwhile gather in a group of their own, which does likewise), and a save
 * still waiting at its deadline is refused as busy (503 with Retry-After): nothing of it was
 * written.
 */
import type { Store } from './open-db.js';
import { prepareSave } from '../rules/sale-composition.js';
import { constraintRefusal, saveCashSaleIn } from '../units/sale-save.js';
import { sqliteEngine } from './sqlite-engine.js';
import { ServiceError } from '../rules/service-error.js';
import { BUSY_MESSAGE } from './store-failure.js';
import { type GroupCommitOptions } from '../sales-store.js';
import { type SaveCashSaleInput, type SaveCashSaleResult } from '../sales-store.js';

/** How long a save waits for the write lock before it is refused as busy. */
export const DEFAULT_LOCK_WAIT_MS = 5000;

interface Waiting {
  input: SaveCashSaleInput;
  deadline: number;
  clock: () => number;
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
    const clock = options.now ?? Date.now;
    group.waiting.push({ input, deadline: clock() + (options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS), clock, resolve, reject });
  });
}

const MAX_GATHERING_TURNS = 4;

function commitWhenQuiet(store: Store, group: Group, seen: number, turns: number): void {
  if (group.waiting.length > seen && turns < MAX_GATHERING_TURNS) setImmediate(commitWhenQuiet, store, group, group.waiting.length, turns + 1);
  else commitGroup(store, group, 0);
}

/** Pauses between attempts at the lock: short at first (a group commit holds it for milliseconds), then 50 ms. */
const retryDelayMs = (attempt: number) => Math.min(2 ** attempt, 50);

type SaveOutcome = { ok: true; result: SaveCashSaleResult } | { ok: false; error: unknown };

/**
 * Commits the group's saves in ONE transaction, each in a savepoint of its own: a save that fails
 * rolls back only its own writes, its receipt number included, so the numbers stay gap-free; the
 * rest commit together. When the transaction itself fails (BEGIN, COMMIT, or an error after which
 * SQLite abandoned it) no save was written and each is refused (busy: tried again on a timer).
 */
function commitGroup(store: Store, group: Group, attempt: number): void {
  // From here the group takes no more saves: those arriving while it commits gather in a new one.
  if (groupByStore.get(store) === group) groupByStore.delete(store);
  const { waiting } = group;
  const engine = sqliteEngine(store);
  engine
    .unit('write', async (tx) => {
      const outcomes: SaveOutcome[] = [];
      for (const w of waiting) {
        try {
          outcomes.push({ ok: true, result: await tx.savepoint(() => saveCashSaleIn(tx, prepareSave(w.input))) });
        } catch (error) {
          if (!store.sqlite.inTransaction) throw error;
          outcomes.push({ ok: false, error: constraintRefusal(engine, error) ?? error });
        }
      }
      return outcomes;
    })
    .then(
      (outcomes) =>
        outcomes.forEach((outcome, i) => {
          if (outcome.ok) waiting[i]!.resolve(outcome.result);
          else waiting[i]!.reject(outcome.error);
        }),
      (error: unknown) => {
        // Nothing was written: the transaction never began, or was rolled back whole.
        if (error instanceof ServiceError && error.kind === 'busy') return waitForLock(group, attempt, store);
        for (const w of waiting) w.reject(error);
      },
    );
}

function waitForLock(group: Group, attempt: number, store: Store): void {
  const expired = group.waiting.filter((w) => w.deadline <= w.clock());
  for (const w of expired) w.reject(new ServiceError('busy', BUSY_MESSAGE));
  group.waiting = group.waiting.filter((w) => !expired.includes(w));
  if (group.waiting.length > 0) setTimeout(commitGroup, retryDelayMs(attempt), store, group, attempt + 1);
}
