/**
 * Landlord pay advice (interface 4.6): the property's rent lines for the month, income by
 * payment type, fees, expenses, the balance brought forward by the last FINAL statement, and
 * the net amount due. Figures are computed in cents by the domain and sent as decimals.
 */
import type { PayAdvice } from '../../contract/pay-advice.js';
import { type MonthRange, monthKey } from '../../domain/month-range.js';
import { fromBasisPoints, fromCents } from '../../domain/money.js';
import { payAdvice, type PayAdviceFigures } from '../../domain/pay-advice.js';
import { expensesInRange } from './property-ledger.repository.js';
import { findProperty, findService, type PropertyDetails } from './property-reference.repository.js';
import { finalStatementOf, lastFinalBefore } from './property-statement.repository.js';
import type { Store } from './open-db.js';
import { ledgerLines, VACANT } from './paid-balance.js';
import { companyOrThrow, reportMonth } from './report-month.js';
import { notFoundError } from '../../services/service-error.js';
import type { PayAdviceRequest, Clock } from '../property-store.js';
import type { CompanySettings } from '../company-profile.js';

export interface ComputedPayAdvice {
  figures: PayAdviceFigures;
  company: CompanySettings;
  property: PropertyDetails;
  range: MonthRange;
  service: { id: number; name: string } | null;
}

export function computePayAdvice(store: Store, request: PayAdviceRequest, clock: Clock = Date.now): ComputedPayAdvice {
  const company = companyOrThrow(store, request.companyId);
  const property = findProperty(store, request.propertyId);
  if (!property || property.companyId !== request.companyId) {
    throw notFoundError(`no property ${request.propertyId} in company ${request.companyId}`);
  }
  const paymentType = request.lldPaymentType ?? 'COMBINED';
  let service: { id: number; name: string } | null = null;
  // SERVICE_CHARGE_ONLY without srvcId covers every service charge of the property's units.
  if (paymentType === 'SERVICE_CHARGE_ONLY' && request.srvcId !== undefined) {
    const found = findService(store, request.srvcId);
    if (!found || found.companyId !== request.companyId) throw notFoundError(`no service ${request.srvcId} in company ${request.companyId}`);
    service = { id: found.id, name: found.name };
  }
  const range = reportMonth(company, request.month, request.year, clock);
  const key = monthKey(range);
  const lines = ledgerLines(store, {
    companyId: request.companyId,
    propertyId: property.id,
    from: range.from,
    to: range.to,
    monthKey: key,
    serviceId: service?.id,
  }, company.timeZone);
  const figures = payAdvice({
    paymentType,
    lines: lines.map((line) => ({
      unitId: line.source.unitId,
      unitNo: line.source.unitNo,
      tenantName: line.vacant ? VACANT : (line.source.tenantName ?? ''),
      marketRent: line.source.marketRentCents,
      figures: line.figures,
    })),
    manFeeRateBp: property.manFeeRateBp,
    vatRateBp: company.vatRateBp,
    expenses: expensesInRange(store, property.id, range.from, range.to),
    balanceBf: lastFinalBefore(store, property.id, key)?.balanceCf ?? 0,
    deferredPayment: request.deferredPayment,
    statementType: finalStatementOf(store, property.id, key) ? 'FINAL' : 'INTERIM',
    withEffectFrom: range.from,
    withEffectTo: range.to,
    serviceName: service?.name ?? null,
  });
  return { figures, company, property, range, service };
}

export function payAdviceReport(store: Store, request: PayAdviceRequest, clock: Clock = Date.now): PayAdvice {
  return toPayAdvice(computePayAdvice(store, request, clock).figures);
}

export function toPayAdvice(f: PayAdviceFigures): PayAdvice {
  return {
    rentReceived: fromCents(f.rentReceived),
    totalUtility: fromCents(f.totalUtility),
    periodIncome: fromCents(f.periodIncome),
    termLeaseRecpt: fromCents(f.termLeaseRecpt),
    periodExpense: fromCents(f.periodExpense),
    manFees: fromCents(f.manFees),
    manFeesVat: fromCents(f.manFeesVat),
    manFeesRate: fromBasisPoints(f.manFeesRateBp),
    totalDeductions: fromCents(f.totalDeductions),
    balanceBf: fromCents(f.balanceBf),
    deferredAmount: fromCents(f.deferredAmount),
    deferredPayment: fromCents(f.deferredPayment),
    netAmountDue: fromCents(f.netAmountDue),
    statementType: f.statementType,
    withEffectFrom: f.withEffectFrom,
    withEffectTo: f.withEffectTo,
    stmtIncomeLabel: f.stmtIncomeLabel,
    rentsList: f.rentsList.map((l) => ({
      unitNo: l.unitNo,
      tenantName: l.tenantName,
      monthlyCharge: fromCents(l.monthlyCharge),
      invoiced: fromCents(l.invoiced),
      balanceBf: fromCents(l.balanceBf),
      amountPaid: fromCents(l.amountPaid),
      amountPaidTax: fromCents(l.amountPaidTax),
      balanceCf: fromCents(l.balanceCf),
    })),
    expenseList: f.expenseList.map((e) => ({ txnDate: e.date, description: e.description, amount: fromCents(e.amount) })),
    taxReceived: fromCents(f.taxReceived),
  };
}
