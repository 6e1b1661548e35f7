/**
 * Landlord pay advice (interface 4.6) on SQLite: the property, service, ledger rows, expenses
 * and statements read as services/pay-advice-report.ts asks, the advice assembled there.
 */
import type { PayAdvice } from '../../contract/pay-advice.js';
import { adviceTarget, assemblePayAdvice, serviceAsked, toPayAdvice, type ComputedPayAdvice } from '../../services/pay-advice-report.js';
import type { Clock, PayAdviceRequest } from '../property-store.js';
import type { Store } from './open-db.js';
import { expensesInRange, ledgerRows } from './property-ledger.repository.js';
import { findProperty, findService } from './property-reference.repository.js';
import { finalStatementOf, lastFinalBefore } from './property-statement.repository.js';
import { companyOrThrow } from './report-month.js';

export function computePayAdvice(store: Store, request: PayAdviceRequest, clock: Clock = Date.now): ComputedPayAdvice {
  const company = companyOrThrow(store, request.companyId);
  const property = findProperty(store, request.propertyId);
  const asked = property && property.companyId === request.companyId ? serviceAsked(request) : undefined;
  const target = adviceTarget(request, company, property, asked === undefined ? undefined : findService(store, asked), clock);
  const { id } = target.property;
  return assemblePayAdvice(target, company, request, {
    rows: ledgerRows(store, target.scope),
    expenses: expensesInRange(store, id, target.range.from, target.range.to),
    balanceBf: lastFinalBefore(store, id, target.monthKey)?.balanceCf ?? 0,
    finalExists: finalStatementOf(store, id, target.monthKey) !== undefined,
  });
}

export function payAdviceReport(store: Store, request: PayAdviceRequest, clock: Clock = Date.now): PayAdvice {
  return toPayAdvice(computePayAdvice(store, request, clock).figures);
}
