/**
 * Saving a cash sale (create, or update when id is sent) in ONE synchronous SQLite transaction:
 * the request checked first (services/sale-composition.ts prepareSave), then under the write
 * lock the save composed over this store's facts (composeSave: the Idempotency-Key, every id the
 * sale names, the issue date; sale-facts.ts reads them as the rules ask) and its rows written
 * (cash-sale.repository.ts writeSale: receipt number, header, lines, channels, serialised units
 * marked sold, guarded by the database: sale-constraint-errors.ts). Any failure rolls
 * everything back, receipt number included.
 *
 * Saves that arrive together are committed together (saveCashSales, scheduled by
 * sale-group-commit.ts): one transaction, each sale in its own savepoint, one fsync for all.
 */
import { composeSave, prepareSave, unitTakenError, type PreparedSave } from '../../services/sale-composition.js';
import type { SaveCashSaleInput, SaveCashSaleResult } from '../sales-store.js';
import { writeSale } from './cash-sale.repository.js';
import type { Store } from './open-db.js';
import { constraintRefusal } from './sale-constraint-errors.js';
import { saveFacts, soldUnitMessage } from './sale-facts.js';
import { immediateTransaction, inTransaction } from './transactions.js';

export function saveCashSale(store: Store, input: SaveCashSaleInput): SaveCashSaleResult {
  const prepared = prepareSave(input);
  try {
    return saveInTransaction(store, prepared);
  } catch (error) {
    throw constraintRefusal(error) ?? error;
  }
}

function saveInTransaction(store: Store, prepared: PreparedSave): SaveCashSaleResult {
  // IMMEDIATE takes the write lock first, so what is read below is still true at the write.
  return immediateTransaction(store, (): SaveCashSaleResult => {
    const composed = composeSave(prepared, saveFacts(store, prepared.body.companyId));
    if ('replay' in composed) return { ...composed.replay, replayed: true };
    const written = writeSale(store, composed.write);
    if (!written.written) throw unitTakenError(written.unitTakenOnLine, soldUnitMessage(store, written.unitId, prepared.body.companyId));
    return { id: written.id, receiptNo: written.receiptNo, replayed: false };
  });
}

export type SaveOutcome = { ok: true; result: SaveCashSaleResult } | { ok: false; error: unknown };

/**
 * Several saves in ONE transaction, each in a savepoint of its own (saveCashSale's transaction
 * nests as one): a save that fails rolls back only its own writes, its receipt number included,
 * so the numbers stay gap-free; the rest commit together. When the transaction itself fails
 * (BEGIN, COMMIT, or an error after which SQLite abandoned it) this throws: no save was written.
 */
export function saveCashSales(store: Store, inputs: readonly SaveCashSaleInput[]): SaveOutcome[] {
  return immediateTransaction(store, (): SaveOutcome[] =>
    inputs.map((input): SaveOutcome => {
      try {
        return { ok: true, result: saveCashSale(store, input) };
      } catch (error) {
        if (!inTransaction(store)) throw error;
        return { ok: false, error };
      }
    }),
  );
}
