/**
 * Landlord statements: prepare (freeze the pay advice), approve for payment, mark paid. What
 * each step decides and refuses is rules/statement-workflow.ts; here the rows it hangs on
 * are held first, so writers take turns:
 * - a prepare holds its property's row: two preparers of one property and month run one after
 *   the other, and the second sees the first's FINAL and is refused; the partial unique index
 *   statements_final is the last word, its violation the same refusal (and only its: another
 *   index broken during a prepare is not "a second FINAL");
 * - approve and mark paid hold the statement's row: it is approved once and paid once.
 */
import { KnownError } from '../../contract/error-kinds.js';
import type { LandlordPaymentType } from '../../contract/pay-advice.js';
import type { StatementRecord } from '../../contract/statement.js';
import { monthKey } from '../../domain/month-range.js';
import {
  paymentOfStatement,
  refuseApproval,
  refuseClosedMonth,
  secondFinalError,
  statementAdviceRequest,
  statementOf,
  statementRowOf,
  toStatementRecord,
  userNameOf,
} from '../rules/statement-workflow.js';
import type { PreparedOrRefused, PrepareStatementInput, StatementActionInput } from '../property-store.js';
import type { StatementRow } from '../tables/statement-row.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';
import { computePayAdvice } from './property-reports.js';
import { findStatement, finalStatementOf, laterFinalOf } from './property-reads.js';

const USER = sql('select company_id, name from users where id = ?');
const PROPERTY_HELD = sql('select company_id, lld_payment_type from properties where id = ? {for no key update}');
const DELETE_UNPAID_INTERIMS = sql(`delete from statements where property_id = ? and month_key = ? and statement_type = 'INTERIM' and paid_posted = 'NO'`);
const MARK_APPROVED = sql(`update statements set approved_for_pmt = 'YES', date_approved = ?, approved_by_id = ?, approved_by_name = ? where id = ?`);
const MARK_PAID = sql(`update statements set paid_posted = 'YES', date_paid = ? where id = ?`);

/** The unique index that allows one FINAL statement per property and month. */
export const ONE_FINAL_PER_MONTH = 'statements_final';

function userRow(tx: Tx, userId: number | null): Promise<{ company_id: number; name: string } | undefined> {
  return userId === null ? Promise.resolve(undefined) : tx.get(USER, [userId]);
}

export async function prepareStatement(engine: Engine, input: PrepareStatementInput): Promise<StatementRecord> {
  try {
    return await engine.unit('write', (tx) => prepareStatementIn(tx, input));
  } catch (error) {
    // Two preparers racing for one FINAL: the unique index lets exactly one through.
    if (engine.brokenUniqueIndex(error) === ONE_FINAL_PER_MONTH) throw secondFinalError(input);
    throw error;
  }
}

/**
 * Prepares the statements of several properties as one unit of work: every one of them or none.
 * A failure (the database, an interruption) rolls back all, so a month-end that stopped part
 * way has prepared nothing and its rerun starts afresh. A property whose month is closed (a
 * FINAL, here or of a later month) is refused alone, in its savepoint, and the others go on.
 * One commit, so one flush to disk, for the lot.
 */
export function prepareStatements(
  engine: Engine,
  inputs: readonly PrepareStatementInput[],
  onPrepared?: (done: number, total: number) => void,
): Promise<PreparedOrRefused[]> {
  return engine.unit('write', async (tx) => {
    const results: PreparedOrRefused[] = [];
    for (const input of inputs) {
      try {
        results.push({ propertyId: input.propertyId, statement: await tx.savepoint(() => prepareStatementIn(tx, input)) });
      } catch (error) {
        const refusal =
          error instanceof KnownError && error.kind === 'conflict'
            ? error
            : engine.brokenUniqueIndex(error) === ONE_FINAL_PER_MONTH
              ? secondFinalError(input)
              : undefined;
        if (!refusal) throw error;
        results.push({ propertyId: input.propertyId, refusal: refusal.message });
      }
      onPrepared?.(results.length, inputs.length);
    }
    return results;
  });
}

/** Prepares a statement inside the caller's write unit (its month's figures frozen as they stand there). */
export async function prepareStatementIn(tx: Tx, input: PrepareStatementInput): Promise<StatementRecord> {
  const clock = input.now ?? Date.now;
  const preparedByName = userNameOf(input.preparedByUserId, await userRow(tx, input.preparedByUserId), input.companyId);
  const property = await tx.get<{ company_id: number; lld_payment_type: LandlordPaymentType }>(PROPERTY_HELD, [input.propertyId]);
  const computed = await computePayAdvice(tx, statementAdviceRequest(input, property), clock);
  const key = monthKey(computed.range);
  refuseClosedMonth(input, await finalStatementOf(tx, input.propertyId, key), await laterFinalOf(tx, input.propertyId, key));
  if (!input.final) await tx.run(DELETE_UNPAID_INTERIMS, [input.propertyId, key]);
  const id = await tx.insert('statements', statementRowOf(input, computed, preparedByName, clock()));
  return toStatementRecord((await findStatement(tx, id))!);
}

/** The statement's row held for its step, or a refusal (404). */
async function heldStatement(tx: Tx, input: StatementActionInput): Promise<StatementRow> {
  return statementOf(await findStatement(tx, input.statementId, true), input.statementId, input.companyId);
}

export function approveStatement(engine: Engine, input: StatementActionInput): Promise<StatementRecord> {
  return engine.unit('write', (tx) => approveStatementIn(tx, input));
}

export async function approveStatementIn(tx: Tx, input: StatementActionInput): Promise<StatementRecord> {
  const clock = input.now ?? Date.now;
  const statement = await heldStatement(tx, input);
  refuseApproval(statement);
  const name = userNameOf(input.userId, await userRow(tx, input.userId), statement.company_id);
  await tx.run(MARK_APPROVED, [clock(), input.userId, name, statement.id]);
  return toStatementRecord((await findStatement(tx, statement.id))!);
}

/**
 * Marks an approved statement paid: records the payment to the landlord (the amount due, when
 * positive) and sets paidPosted YES.
 */
export function markStatementPaid(engine: Engine, input: StatementActionInput & { reference?: string | undefined }): Promise<StatementRecord> {
  return engine.unit('write', (tx) => markStatementPaidIn(tx, input));
}

export async function markStatementPaidIn(tx: Tx, input: StatementActionInput & { reference?: string | undefined }): Promise<StatementRecord> {
  const clock = input.now ?? Date.now;
  const statement = await heldStatement(tx, input);
  const at = clock();
  const payment = paymentOfStatement(statement, at, input.reference);
  if (payment) {
    await tx.insert('landlord_payments', {
      company_id: payment.companyId,
      landlord_id: payment.landlordId,
      property_id: payment.propertyId,
      statement_id: payment.statementId,
      payment_date: payment.date,
      amount_cents: payment.amount,
      reference: payment.reference,
    });
  }
  await tx.run(MARK_PAID, [at, statement.id]);
  return toStatementRecord((await findStatement(tx, statement.id))!);
}
