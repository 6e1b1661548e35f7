/**
 * Saving a cash sale (create, or update when id is sent) in ONE synchronous SQLite transaction:
 * honour the Idempotency-Key (sale-idempotency.ts), recompute the amounts with the domain rules
 * (domain/sale-check.ts), check every referenced id belongs to the company (sale-references.ts),
 * then write its rows (sale-rows.ts, store/cash-sale.repository.ts writeSale: receipt number,
 * header, lines, channels, serialised units marked sold, guarded by the database:
 * sale-constraint-errors.ts). Any failure rolls everything back, receipt number included.
 *
 * Saves that arrive together are committed together (saveCashSales, scheduled by
 * sale-group-commit.ts): one transaction, each sale in its own savepoint, one fsync for all.
 */
import { issueDateOf } from '../../domain/issue-date.js';
import { issueDateOutsideWindow, type IssueDateWindow } from '../../domain/issue-date-window.js';
import { checkSale, describeProblems, type CheckedSale } from '../../domain/sale-check.js';
import type { SaleProblem } from '../../domain/sent-amount.js';
import { findSale, writeSale } from './cash-sale.repository.js';
import type { Store } from './open-db.js';
import { companyTimeZone } from './sales-reference.repository.js';
import { immediateTransaction, inTransaction } from './transactions.js';
import { constraintRefusal } from './sale-constraint-errors.js';
import { earlierSave, idempotencyOf } from './sale-idempotency.js';
import { checkSaleReferences, soldUnitMessage } from './sale-references.js';
import { saleRows } from './sale-rows.js';
import { ServiceError } from '../../services/service-error.js';
import { type SaveCashSaleInput, type SaveCashSaleResult } from '../sales-store.js';

export function saveCashSale(store: Store, input: SaveCashSaleInput): SaveCashSaleResult {
  const { body } = input;
  if (input.callerCompanyId !== null && input.callerCompanyId !== body.companyId) {
    throw new ServiceError('forbidden', `company ${body.companyId} is not the company of this token`);
  }
  const { key, hash } = idempotencyOf(body, input.idempotencyKey);
  const now = input.now ?? Date.now();
  const checked = checkSale(body);

  try {
    return saveInTransaction(store, input, { key, hash, now, checked });
  } catch (error) {
    throw constraintRefusal(error) ?? error;
  }
}

function saveInTransaction(
  store: Store,
  input: SaveCashSaleInput,
  { key, hash, now, checked }: { key: string | undefined; hash: string; now: number; checked: CheckedSale },
): SaveCashSaleResult {
  const { body } = input;
  // IMMEDIATE takes the write lock first, so what is read below is still true at the write.
  return immediateTransaction(store, (): SaveCashSaleResult => {
    const earlier = key === undefined ? undefined : earlierSave(store, body.companyId, key, hash);
    if (earlier) return { ...earlier, replayed: true };

    const timeZone = companyTimeZone(store, body.companyId);
    if (timeZone === undefined) throw new ServiceError('invalidInput', `companyId: no company ${body.companyId}`);

    const existing = body.id !== undefined ? findSale(store, body.id) : undefined;
    const references = checkSaleReferences(store, body, checked, existing);
    const issueDate = body.issueDate === undefined && existing ? existing.issue_date : issueDateOf(body.issueDate, timeZone, now);
    const problems = [...checked.problems, ...references.problems, ...issueDateProblems(body.issueDate, issueDate, now, input.issueDateWindow)];
    if (problems.length > 0) throw new ServiceError('invalidInput', `invalid cash sale: ${describeProblems(problems)}`, problems);

    const written = writeSale(store, saleRows({ body, checked, references, issueDate: issueDate!, replaces: existing, key, hash, now }));
    if (!written.written) {
      throw new ServiceError('invalidInput', `invalid cash sale: itemIssuesDto[${written.unitTakenOnLine}].invItemSpecsId: ${soldUnitMessage(store, written.unitId, body.companyId)}`);
    }
    return { id: written.id, receiptNo: written.receiptNo, replayed: false };
  });
}

/** The problem of an issue date that is not a calendar date, or (when sent) lies outside the accepted window. */
function issueDateProblems(sent: string | undefined, issueDate: number | undefined, now: number, window: IssueDateWindow | undefined): SaleProblem[] {
  if (issueDate === undefined) return [{ field: 'issueDate', sent, message: `issueDate ${sent} is not a calendar date (YYYY-MM-dd)` }];
  const outside = sent === undefined ? undefined : issueDateOutsideWindow(sent, issueDate, now, window);
  return outside ? [outside] : [];
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
