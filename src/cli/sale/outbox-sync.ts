/**
 * Delivers the outbox, oldest sale first, each with the Idempotency-Key it was composed with: a
 * sale is deleted only after the service answered 200, so a sync interrupted at any point can be
 * run again and a sale the service had already recorded is answered with its first result, never
 * recorded twice. A sale the service refuses on its merits (refusal.ts) stays with the reason and
 * the sync goes on; any other failure (unreachable, busy, 5xx, 429, a rejected token) stops it,
 * since every later sale would fail alike.
 */
import { oneLine } from '../../client/errors.js';
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import type { SyncResult } from './outbox-columns.js';
import type { Outbox, OutboxEntry, SyncLockHolder } from './outbox-store.js';
import { isKeepable, refusalText } from './refusal.js';

export interface SyncDeps {
  outbox: Outbox;
  /** Where sales go now; sales queued for another destination are left alone. */
  target: string;
  send: (body: SaveCashSaleBody, idempotencyKey: string) => Promise<{ id?: number | null; receiptNo?: string | null }>;
  now?: () => number;
  /** Told after each sale. */
  onResult?: (result: SyncResult) => void;
  /** Told when the lock of a sync that no longer runs is taken over. */
  onTakeOver?: (holder: SyncLockHolder) => void;
}

export interface SyncSummary {
  results: SyncResult[];
  /** The failure that stopped the sync early, if any. */
  stoppedBy?: unknown;
  /** Sales still in the outbox for this destination. */
  remaining: number;
}

/** Another sync holds the lock (exit 1). */
export class SyncBusyError extends Error {
  override readonly name = 'SyncBusyError';
}

/** Takes the sync lock or says who holds it; a lock left by a sync that died is taken over. */
export function takeSyncLock(outbox: Outbox, now: number, onTakeOver?: (holder: SyncLockHolder) => void): void {
  const lock = outbox.acquireSyncLock(now);
  if (!lock.acquired) {
    throw new SyncBusyError(
      `another sync is running (process ${lock.holder.pid} on ${lock.holder.host}, since ${new Date(lock.holder.startedAt).toISOString()}); wait for it to finish`,
    );
  }
  if (lock.tookOverFrom) onTakeOver?.(lock.tookOverFrom);
}

export async function syncOutbox(deps: SyncDeps): Promise<SyncSummary> {
  const { outbox } = deps;
  const now = deps.now ?? Date.now;
  takeSyncLock(outbox, now(), deps.onTakeOver);
  const results: SyncResult[] = [];
  const report = (result: SyncResult) => {
    results.push(result);
    deps.onResult?.(result);
  };
  let stoppedBy: unknown;
  try {
    for (const entry of outbox.list()) {
      if (entry.target !== deps.target) {
        report(resultOf(entry, 'skipped', `queued for ${entry.target}`));
        continue;
      }
      outbox.markAttempt(entry.id, now());
      try {
        const reply = await deps.send(entry.body, entry.idempotencyKey);
        outbox.delivered(entry);
        // The receipt number is the server's word, said on a terminal: no control characters.
        report({ ...resultOf(entry, 'sent', null), saleId: reply.id ?? null, receiptNo: reply.receiptNo == null ? null : oneLine(reply.receiptNo) });
      } catch (error) {
        const keep = isKeepable(error);
        // A refusal is kept in the service's words (its reasons); anything else in ours.
        const message = keep ? (error instanceof Error ? error.message : String(error)) : refusalText(error);
        outbox.recordFailure(entry.id, message, keep ? 'unreachable' : 'refused');
        if (keep) {
          report(resultOf(entry, 'unreachable', message));
          stoppedBy = error;
          break;
        }
        report(resultOf(entry, 'refused', message));
      }
    }
  } finally {
    outbox.releaseSyncLock();
  }
  const remaining = outbox.list().filter((e) => e.target === deps.target).length;
  return { results, stoppedBy, remaining };
}

function resultOf(entry: OutboxEntry, status: SyncResult['status'], message: string | null): SyncResult {
  return { outboxId: entry.id, status, saleId: null, receiptNo: null, totalAmount: entry.body.totalAmount, message };
}

export interface SendOneDeps extends Omit<SyncDeps, 'target' | 'onResult'> {
  /** The outbox number of the sale. */
  id: number;
}

/**
 * Sends one kept sale, under the sync lock (no sync sends it at the same time), with the
 * Idempotency-Key it was composed with, to whichever service `send` reaches: its own, or
 * another profile's. Removed only after the service answered 200; a refusal stays with the
 * service's reasons, a failure to reach the service stays as it was. The result says which.
 */
export async function sendOutboxEntry(deps: SendOneDeps): Promise<{ result: SyncResult; error?: unknown } | undefined> {
  const { outbox } = deps;
  const now = deps.now ?? Date.now;
  takeSyncLock(outbox, now(), deps.onTakeOver);
  try {
    const entry = outbox.get(deps.id);
    if (!entry) return undefined;
    outbox.markAttempt(entry.id, now());
    try {
      const reply = await deps.send(entry.body, entry.idempotencyKey);
      outbox.delivered(entry);
      return { result: { ...resultOf(entry, 'sent', null), saleId: reply.id ?? null, receiptNo: reply.receiptNo == null ? null : oneLine(reply.receiptNo) } };
    } catch (error) {
      const keep = isKeepable(error);
      const message = keep ? (error instanceof Error ? error.message : String(error)) : refusalText(error);
      outbox.recordFailure(entry.id, message, keep ? 'unreachable' : 'refused');
      return { result: resultOf(entry, keep ? 'unreachable' : 'refused', message), error };
    }
  } finally {
    outbox.releaseSyncLock();
  }
}

/** Deletes one kept sale under the sync lock, so a sync cannot be sending it meanwhile; false when there is none. */
export function deleteOutboxEntry(outbox: Outbox, id: number, now: number): boolean {
  takeSyncLock(outbox, now);
  try {
    return outbox.remove(id);
  } finally {
    outbox.releaseSyncLock();
  }
}
