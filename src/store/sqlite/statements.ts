/**
 * Landlord statements on SQLite: prepare (freeze the pay advice), approve for payment, mark
 * paid; and the statements list (interface 4.7). What each step decides and refuses is
 * services/statement-workflow.ts; each unit here runs under SQLite's write lock (IMMEDIATE),
 * and the partial unique index statements_final is the last word on one FINAL per month.
 */
import type { LandlordPaymentType } from '../../contract/pay-advice.js';
import type { StatementRecord, StatementsResponse } from '../../contract/statement.js';
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
} from '../../services/statement-workflow.js';
import { monthKey } from '../../domain/month-range.js';
import type { PrepareStatementInput, StatementActionInput, StatementsRequest } from '../property-store.js';
import type { Store } from './open-db.js';
import { computePayAdvice } from './pay-advice.js';
import { prepared } from './prepared-statements.js';
import {
  deleteUnpaidInterims,
  findStatement,
  finalStatementOf,
  insertLandlordPayment,
  insertStatement,
  laterFinalOf,
  listStatements,
  markApproved,
  markPaid,
} from './property-statement.repository.js';

export { toStatementRecord };

export function prepareStatement(store: Store, input: PrepareStatementInput): StatementRecord {
  const clock = input.now ?? Date.now;
  const run = store.sqlite.transaction(() => {
    const preparedByName = userNameOf(input.preparedByUserId, userRow(store, input.preparedByUserId), input.companyId);
    const request = statementAdviceRequest(input, propertyRow(store, input.propertyId));
    const computed = computePayAdvice(store, request, clock);
    const key = monthKey(computed.range);
    refuseClosedMonth(input, finalStatementOf(store, input.propertyId, key), laterFinalOf(store, input.propertyId, key));
    if (!input.final) deleteUnpaidInterims(store, input.propertyId, key);
    const id = insertStatement(store, statementRowOf(input, computed, preparedByName, clock()));
    return findStatement(store, id)!;
  });
  try {
    return toStatementRecord(run.immediate());
  } catch (error) {
    // Two preparers racing for one FINAL: the unique index lets exactly one through.
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw secondFinalError(input);
    throw error;
  }
}

export function approveStatement(store: Store, input: StatementActionInput): StatementRecord {
  const clock = input.now ?? Date.now;
  return store.sqlite.transaction(() => {
    const statement = statementOf(findStatement(store, input.statementId), input.statementId, input.companyId);
    refuseApproval(statement);
    const name = userNameOf(input.userId, userRow(store, input.userId), statement.company_id);
    markApproved(store, statement.id, clock(), input.userId, name);
    return toStatementRecord(findStatement(store, statement.id)!);
  }).immediate();
}

/**
 * Marks an approved statement paid: records the payment to the landlord (the amount due, when
 * positive) and sets paidPosted YES.
 */
export function markStatementPaid(store: Store, input: StatementActionInput & { reference?: string | undefined }): StatementRecord {
  const clock = input.now ?? Date.now;
  return store.sqlite.transaction(() => {
    const statement = statementOf(findStatement(store, input.statementId), input.statementId, input.companyId);
    const at = clock();
    const payment = paymentOfStatement(statement, at, input.reference);
    if (payment) insertLandlordPayment(store, payment);
    markPaid(store, statement.id, at);
    return toStatementRecord(findStatement(store, statement.id)!);
  }).immediate();
}

export function statementsReport(store: Store, request: StatementsRequest): StatementsResponse {
  const list = listStatements(store, request).map(toStatementRecord);
  return { count: list.length, list };
}

function userRow(store: Store, userId: number | null): { company_id: number; name: string } | undefined {
  return userId === null ? undefined : prepared<[number], { company_id: number; name: string }>(store, 'select company_id, name from users where id = ?').get(userId);
}

function propertyRow(store: Store, propertyId: number): { company_id: number; lld_payment_type: LandlordPaymentType } | undefined {
  return prepared<[number], { company_id: number; lld_payment_type: LandlordPaymentType }>(store, 'select company_id, lld_payment_type from properties where id = ?').get(propertyId);
}
