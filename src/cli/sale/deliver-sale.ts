/**
 * Sends a composed sale with its Idempotency-Key. Unless the service refused the sale itself
 * (see refusal.ts), the sale is kept in the offline outbox instead: no connection, no answer in
 * time, a busy or failing service (5xx, 429), a rejected token. The command succeeds only once
 * that row is on disk.
 */
import type { ShopClient } from '../../client/client.js';
import { ApiError } from '../../client/errors.js';
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import type { CommandContext } from '../context.js';
import { Outbox } from './outbox-store.js';
import { outboxFile, outboxTarget } from './outbox-location.js';
import { isKeepable } from './refusal.js';
import { unitsOf } from './catalog-copy-store.js';
import { dropSoldUnits } from './offline-catalog.js';

export type SaveOutcome =
  | { status: 'saved'; id?: number; receiptNo?: string; idempotencyKey: string }
  | { status: 'queued'; outboxId: number; outboxFile: string; idempotencyKey: string; reason: string };

/** The service could not be reached or is unavailable: no real answer came. */
export function isUnreachable(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'unavailable');
}

export async function saveOrQueue(
  context: CommandContext,
  api: ShopClient,
  body: SaveCashSaleBody,
  idempotencyKey: string,
  now = context.now(),
): Promise<SaveOutcome> {
  try {
    const reply = await api.saveCashSale(body, { idempotencyKey });
    // Its units are sold: not offered from the local copy should the next sale be made offline.
    await dropSoldUnits(context, body.companyId, unitsOf(body)).catch(() => undefined);
    return { status: 'saved', id: reply.id ?? undefined, receiptNo: reply.receiptNo ?? undefined, idempotencyKey };
  } catch (error) {
    if (!isKeepable(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const file = await outboxFile(context);
    let outbox: Outbox | undefined;
    try {
      outbox = await Outbox.open(file);
      const entry = outbox.add({ idempotencyKey, target: await outboxTarget(context), body, createdAt: now, reason });
      return { status: 'queued', outboxId: entry.id, outboxFile: file, idempotencyKey, reason };
    } catch (keepError) {
      throw new Error(`the sale was NOT saved: ${reason}; and keeping it in the outbox ${file} failed too: ${(keepError as Error).message}`);
    } finally {
      outbox?.close();
    }
  }
}
