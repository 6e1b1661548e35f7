/**
 * Landlord pay advice (interface 4.6), decided once for every backend: which property, service
 * and month a request is for (adviceTarget, over what the backend read of them), then the
 * advice from the month's ledger rows, expenses and statements the backend read
 * (assemblePayAdvice): the property's rent lines, income by payment type, fees, expenses, the
 * balance brought forward by the last FINAL statement, and the net amount due. Figures are
 * computed in cents by the domain and sent as decimals (toPayAdvice).
 */
import type { LandlordPaymentType, PayAdvice } from '../../contract/pay-advice.js';
import { monthKey, type MonthRange } from '../../domain/month-range.js';
import { fromBasisPoints, fromCents } from '../../domain/money.js';
import { payAdvice, type ExpenseInput, type PayAdviceFigures } from '../../domain/pay-advice.js';
import type { CompanySettings } from '../company-profile.js';
import type { Clock, PayAdviceRequest } from '../property-store.js';
import { ledgerLines, VACANT, type LedgerRow, type LedgerScope } from './paid-balance-report.js';
import { reportMonth } from './report-month.js';
import { notFoundError } from './service-error.js';

export interface PropertyDetails {
  id: number;
  companyId: number;
  code: string;
  name: string;
  lrNo: string | null;
  email: string | null;
  landlordId: number;
  landlordCode: string;
  landlordName: string;
  zoneId: number | null;
  zoneName: string | null;
  manFeeRateBp: number;
  lldPaymentType: LandlordPaymentType;
}

export interface ServiceDetails {
  id: number;
  companyId: number;
  name: string;
}

/** The service a request names that the advice is restricted to (SERVICE_CHARGE_ONLY with srvcId), to be read. */
export function serviceAsked(request: PayAdviceRequest): number | undefined {
  return (request.lldPaymentType ?? 'COMBINED') === 'SERVICE_CHARGE_ONLY' ? request.srvcId : undefined;
}

/** What the advice is of, once the request's property and service are known to be the company's. */
export interface AdviceTarget {
  paymentType: LandlordPaymentType;
  property: PropertyDetails;
  service: { id: number; name: string } | null;
  range: MonthRange;
  monthKey: number;
  /** The ledger rows to read. */
  scope: LedgerScope;
}

/** Refuses (404) a property or service of another company; the month asked or the current one. */
export function adviceTarget(
  request: PayAdviceRequest,
  company: CompanySettings,
  property: PropertyDetails | undefined,
  service: ServiceDetails | undefined,
  clock: Clock,
): AdviceTarget {
  if (!property || property.companyId !== request.companyId) {
    throw notFoundError(`no property ${request.propertyId} in company ${request.companyId}`);
  }
  const paymentType = request.lldPaymentType ?? 'COMBINED';
  // SERVICE_CHARGE_ONLY without srvcId covers every service charge of the property's units.
  const asked = serviceAsked(request);
  if (asked !== undefined && (!service || service.companyId !== request.companyId)) throw notFoundError(`no service ${asked} in company ${request.companyId}`);
  const chosen = asked !== undefined && service ? { id: service.id, name: service.name } : null;
  const range = reportMonth(company, request.month, request.year, clock);
  const key = monthKey(range);
  return {
    paymentType,
    property,
    service: chosen,
    range,
    monthKey: key,
    scope: { companyId: request.companyId, propertyId: property.id, from: range.from, to: range.to, monthKey: key, serviceId: chosen?.id },
  };
}

/** What the backend read for an advice, in its target's month. */
export interface AdviceReads {
  rows: LedgerRow[];
  /** The month's expenses in date order (then description, amount, id). */
  expenses: ExpenseInput[];
  /** The balance carried forward by the property's last FINAL statement before the month (0 if none). */
  balanceBf: number;
  /** A FINAL statement of the property and month exists. */
  finalExists: boolean;
}

export interface ComputedPayAdvice {
  figures: PayAdviceFigures;
  company: CompanySettings;
  property: PropertyDetails;
  range: MonthRange;
  service: { id: number; name: string } | null;
}

export function assemblePayAdvice(target: AdviceTarget, company: CompanySettings, request: PayAdviceRequest, reads: AdviceReads): ComputedPayAdvice {
  const { property, range, service } = target;
  const lines = ledgerLines(reads.rows, range.from, company.timeZone);
  const figures = payAdvice({
    paymentType: target.paymentType,
    lines: lines.map((line) => ({
      unitId: line.source.unitId,
      unitNo: line.source.unitNo,
      tenantName: line.vacant ? VACANT : (line.source.tenantName ?? ''),
      marketRent: line.source.marketRentCents,
      figures: line.figures,
    })),
    manFeeRateBp: property.manFeeRateBp,
    vatRateBp: company.vatRateBp,
    expenses: reads.expenses,
    balanceBf: reads.balanceBf,
    deferredPayment: request.deferredPayment,
    statementType: reads.finalExists ? 'FINAL' : 'INTERIM',
    withEffectFrom: range.from,
    withEffectTo: range.to,
    serviceName: service?.name ?? null,
  });
  return { figures, company, property, range, service };
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
