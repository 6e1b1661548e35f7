/**
 * Sends a composed sale with its Idempotency-Key. When the service cannot be reached (no
 * connection, no answer in time, or it says it is unavailable) the sale is kept in the offline
 * outbox instead, and the command succeeds only once that row is on disk.
 */
import type { ShopClient } from '../../client/client.js';
import { ApiError } from '../../client/errors.js';
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import type { CommandContext } from '../context.js';
import { Outbox } from './outbox-store.js';
import { outboxFile, outboxTarget } from './outbox-location.js';

export type SaveOutcome =
  | { status: 'saved'; id?: number; receiptNo?: string; idempotencyKey: string }
  | { status: 'queued'; outboxId: number; outboxFile: string; idempotencyKey: string; reason: string };

/** Failures after which the sale may be kept for later: the request never got a real answer. */
export function isUnreachable(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'unavailable');
}

export async function saveOrQueue(context: CommandContext, api: ShopClient, body: SaveCashSaleBody, idempotencyKey: string, now = Date.now()): Promise<SaveOutcome> {
  try {
    const reply = await api.saveCashSale(body, { idempotencyKey });
    return { status: 'saved', id: reply.id ?? undefined, receiptNo: reply.receiptNo ?? undefined, idempotencyKey };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const file = await outboxFile(context);
    let outbox: Outbox | undefined;
    try {
      outbox = await Outbox.open(file);
      const entry = outbox.add({ idempotencyKey, target: await outboxTarget(context), body, createdAt: now, reason: error.message });
      return { status: 'queued', outboxId: entry.id, outboxFile: file, idempotencyKey, reason: error.message };
    } catch (keepError) {
      throw new Error(`the sale was NOT saved: ${error.message}; and keeping it in the outbox ${file} failed too: ${(keepError as Error).message}`);
    } finally {
      outbox?.close();
    }
  }
}
