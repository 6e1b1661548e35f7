/**
 * Landlord statements, decided once for every backend (DOMAIN.md "Landlord statements"): what
 * a prepared statement holds (the pay advice frozen as the statement's row), what each step of
 * its lifecycle refuses (a second FINAL, a FINAL before a later month's, approving twice,
 * paying before approval or twice), the payment to the landlord, and the statement's record on
 * the wire. The backend reads the rows (and locks them), calls these, and writes.
 *
 * A FINAL statement is immutable and unique per property and month (each backend's unique
 * index is the last word, even against two concurrent preparers); its carried-forward balance
 * becomes the next month's balanceBf. A new INTERIM replaces the unpaid INTERIMs of its month.
 */
import type { LandlordPaymentType } from '../../contract/pay-advice.js';
import type { StatementRecord } from '../../contract/statement.js';
import { monthKey, MONTH_NAMES } from '../../domain/month-range.js';
import { fromBasisPoints, fromCents } from '../../domain/money.js';
import { rentDetailsHtml } from '../../domain/rent-details-html.js';
import { statementFigures } from '../../domain/statement-figures.js';
import type { ExpenseInput, RentLineFigures } from '../../domain/pay-advice.js';
import type { CompanyProfile } from '../company-profile.js';
import type { PayAdviceRequest, PrepareStatementInput, StatementDocument } from '../property-store.js';
import type { NewStatementRow, StatementRow } from '../tables/statement-row.js';
import type { ComputedPayAdvice } from './pay-advice-report.js';
import { badRequestError, conflictError, notFoundError } from './service-error.js';

/** The name a statement records for its preparer or approver: null is the local administrator. */
export function userNameOf(userId: number | null, user: { company_id: number; name: string } | undefined, companyId: number): string | null {
  if (userId === null) return 'Local administrator';
  if (!user || user.company_id !== companyId) throw badRequestError(`user ${userId} is not a user of company ${companyId}`);
  return user.name;
}

/** The pay advice request a statement freezes: the property's own payment type unless one is asked. */
export function statementAdviceRequest(
  input: PrepareStatementInput,
  property: { company_id: number; lld_payment_type: LandlordPaymentType } | undefined,
): PayAdviceRequest {
  if (!property || property.company_id !== input.companyId) throw notFoundError(`no property ${input.propertyId} in company ${input.companyId}`);
  return {
    companyId: input.companyId,
    propertyId: input.propertyId,
    month: input.month,
    year: input.year,
    lldPaymentType: input.lldPaymentType ?? property.lld_payment_type,
    srvcId: input.srvcId,
    deferredPayment: input.deferredPayment,
  };
}

/** Refuses a statement when the month already has a FINAL one, or a FINAL when a later month has one (months close in order). */
export function refuseClosedMonth(input: PrepareStatementInput, existingFinal: { id: number } | undefined, laterFinal: { id: number } | undefined): void {
  if (existingFinal) {
    throw conflictError(
      `property ${input.propertyId} already has a FINAL statement for ${input.month}/${input.year} (statement ${existingFinal.id}); a FINAL statement cannot be replaced`,
    );
  }
  if (input.final && laterFinal) {
    throw conflictError(`property ${input.propertyId} already has a FINAL statement for a later month (statement ${laterFinal.id}); months close in order`);
  }
}

/** The refusal when the database's unique index stopped a second FINAL of the month (two preparers racing). */
export function secondFinalError(input: PrepareStatementInput): Error {
  return conflictError(`property ${input.propertyId} already has a FINAL statement for ${input.month}/${input.year}`);
}

/** The statement's row: the pay advice frozen with the property's and landlord's details. */
export function statementRowOf(input: PrepareStatementInput, computed: ComputedPayAdvice, preparedByName: string | null, at: number): NewStatementRow {
  const { figures: advice, property: details, range, service } = computed;
  const f = statementFigures(advice);
  return {
    company_id: input.companyId,
    property_id: details.id,
    landlord_id: details.landlordId,
    zone_id: details.zoneId,
    year: range.year,
    month: range.month,
    month_key: monthKey(range),
    statement_type: input.final ? 'FINAL' : 'INTERIM',
    lld_payment_type: advice.paymentType,
    service_id: service?.id ?? null,
    service_name: service?.name ?? null,
    property_name: details.name,
    property_code: details.code,
    property_email: details.email,
    lr_no: details.lrNo,
    region_name: details.zoneName,
    landlord_code: details.landlordCode,
    landlord_name: details.landlordName,
    with_effect_from: range.from,
    with_effect_to: range.to,
    date_prepared: at,
    due_date: null,
    prepared_by_id: input.preparedByUserId,
    prepared_by_name: preparedByName,
    approved_for_pmt: null,
    date_approved: null,
    approved_by_id: null,
    approved_by_name: null,
    paid_posted: 'NO',
    date_paid: null,
    monthly_recon_stmt: 'NO',
    stmt_income_label: advice.stmtIncomeLabel,
    rent_details_html: rentDetailsHtml(advice.rentsList),
    rents_json: JSON.stringify(advice.rentsList),
    expenses_json: JSON.stringify(advice.expenseList),
    total_mkt_rent_cents: f.totalMktRent,
    total_rent_cents: f.totalRent,
    total_utility_cents: f.totalUtility,
    rent_invoiced_cents: f.rentInvoiced,
    rent_invoiced_tax_cents: f.rentInvoicedTax,
    utility_invoiced_cents: f.utilityInvoiced,
    rent_bal_bf_cents: f.rentBalBf,
    rent_bal_cf_cents: f.rentBalCf,
    received_rent_cents: f.recievedRent,
    paid_rent_tax_cents: f.paidRentTax,
    received_utility_cents: f.receivedUtility,
    tenant_to_lld_cents: f.tenantToLld,
    rcpt_from_lld_cents: f.rcptFromLld,
    expenses_cents: f.expenses,
    man_fees_rate_bp: f.manFeesRateBp,
    man_fees_cents: f.manFees,
    man_fees_tax_cents: f.manFeesTax,
    man_fees_total_cents: f.manFeesTotal,
    bal_bf_cents: f.balBf,
    amt_pyble_cents: f.amtPyble,
    period_income_cents: f.periodIncome,
    period_vat_cents: f.periodVat,
    period_expense_cents: f.periodExpense,
    less_period_txn_cents: f.lessPeriodTxn,
    rental_tax_cents: f.rentalTax,
    rental_tax_comm_cents: f.rentalTaxComm,
    rental_tax_comm_vat_cents: f.rentalTaxCommVat,
    deferred_amount_cents: f.deferedAmount,
    deferred_payment_cents: f.deferredPaymentAmt,
    balance_cf_cents: f.balanceCf,
  };
}

/** The statement as read, or a refusal (404) when there is none or it is another company's. */
export function statementOf(row: StatementRow | undefined, statementId: number, companyId: number | undefined): StatementRow {
  if (!row || (companyId !== undefined && row.company_id !== companyId)) {
    throw notFoundError(`no statement ${statementId}${companyId === undefined ? '' : ` in company ${companyId}`}`);
  }
  return row;
}

/** A statement is approved for payment once. */
export function refuseApproval(statement: StatementRow): void {
  if (statement.approved_for_pmt === 'YES') throw conflictError(`statement ${statement.id} was already approved for payment`);
}

export interface LandlordPayment {
  companyId: number;
  landlordId: number;
  propertyId: number;
  statementId: number;
  date: number;
  amount: number;
  reference: string | null;
}

/**
 * Marking an approved statement paid: refused before approval or a second time; the payment to
 * the landlord it records (the amount due, when positive; none otherwise).
 */
export function paymentOfStatement(statement: StatementRow, at: number, reference: string | undefined): LandlordPayment | null {
  if (statement.approved_for_pmt !== 'YES') throw conflictError(`statement ${statement.id} is not approved for payment yet; approve it first`);
  if (statement.paid_posted === 'YES') throw conflictError(`statement ${statement.id} is already marked paid`);
  if (statement.amt_pyble_cents <= 0) return null;
  return {
    companyId: statement.company_id,
    landlordId: statement.landlord_id,
    propertyId: statement.property_id,
    statementId: statement.id,
    date: at,
    amount: statement.amt_pyble_cents,
    reference: reference ?? null,
  };
}

export function toStatementRecord(s: StatementRow): StatementRecord {
  const money = fromCents;
  const record: StatementRecord = {
    id: s.id,
    propertyId: s.property_id,
    regionId: s.zone_id,
    preparedById: s.prepared_by_id,
    propertyName: s.property_name,
    propertyCode: s.property_code,
    propertyEmail: s.property_email,
    regionName: s.region_name,
    lrNo: s.lr_no,
    lldCode: s.landlord_code,
    lldName: s.landlord_name,
    month: MONTH_NAMES[s.month - 1]!,
    year: s.year,
    withEffectFrom: s.with_effect_from,
    withEffectTo: s.with_effect_to,
    datePrepared: s.date_prepared,
    dueDate: s.due_date,
    totalMktRent: money(s.total_mkt_rent_cents),
    totalRent: money(s.total_rent_cents),
    totalUtility: money(s.total_utility_cents),
    rentInvoiced: money(s.rent_invoiced_cents),
    rentInvoicedTax: money(s.rent_invoiced_tax_cents),
    utilityInvoiced: money(s.utility_invoiced_cents),
    rentBalBf: money(s.rent_bal_bf_cents),
    rentBalCf: money(s.rent_bal_cf_cents),
    recievedRent: money(s.received_rent_cents),
    paidRentTax: money(s.paid_rent_tax_cents),
    receivedUtility: money(s.received_utility_cents),
    tenantToLld: money(s.tenant_to_lld_cents),
    rcptFromLld: money(s.rcpt_from_lld_cents),
    expenses: money(s.expenses_cents),
    manFeesRate: fromBasisPoints(s.man_fees_rate_bp),
    manFees: money(s.man_fees_cents),
    manFeesTax: money(s.man_fees_tax_cents),
    manFeesTotal: money(s.man_fees_total_cents),
    balBf: money(s.bal_bf_cents),
    amtPyble: money(s.amt_pyble_cents),
    stmtAmtPyble: money(s.amt_pyble_cents),
    prepareByName: s.prepared_by_name,
    periodIncome: money(s.period_income_cents),
    periodVat: money(s.period_vat_cents),
    periodExpense: money(s.period_expense_cents),
    lessPeriodTxn: money(s.less_period_txn_cents),
    lldPmtType: s.lld_payment_type,
    srvcName: s.service_name,
    rentalTax: money(s.rental_tax_cents),
    rentalTaxComm: money(s.rental_tax_comm_cents),
    rentalTaxCommVat: money(s.rental_tax_comm_vat_cents),
    statementType: s.statement_type,
    stmtIncomeLabel: s.stmt_income_label,
    rentDetailsHtml: s.rent_details_html,
    monthlyReconStmt: s.monthly_recon_stmt,
    deferedAmount: money(s.deferred_amount_cents),
    deferredPaymentAmt: money(s.deferred_payment_cents),
  };
  if (s.approved_for_pmt === 'YES') {
    record.approvedForPmt = 'YES';
    record.dateApproved = s.date_approved;
    record.approvedById = s.approved_by_id;
    record.approvedByName = s.approved_by_name;
  }
  return record;
}

/** What a statement's PDF is rendered from; refuses (404) a statement of another company. */
export function statementDocumentOf(
  row: StatementRow | undefined,
  company: CompanyProfile | undefined,
  statementId: number,
  companyId: number,
): StatementDocument {
  if (!row || row.company_id !== companyId || !company) throw notFoundError(`no statement ${statementId} in company ${companyId}`);
  return {
    company,
    statement: toStatementRecord(row),
    rentLines: JSON.parse(row.rents_json) as RentLineFigures[],
    expenseLines: JSON.parse(row.expenses_json) as ExpenseInput[],
  };
}
