/**
 * Landlord statements: prepare (freeze the pay advice), approve for payment, mark paid; and
 * the statements list (interface 4.7).
 *
 * A FINAL statement is immutable and unique per property and month (a partial unique index
 * guards it even against two concurrent preparers); its carried-forward balance becomes the
 * next month's balanceBf. A new INTERIM replaces the unpaid INTERIMs of its month.
 */
import type { LandlordPaymentType } from '../../contract/pay-advice.js';
import type { StatementRecord, StatementsResponse } from '../../contract/statement.js';
import { monthKey, MONTH_NAMES } from '../../domain/month-range.js';
import { fromBasisPoints, fromCents } from '../../domain/money.js';
import { rentDetailsHtml } from '../../domain/rent-details-html.js';
import { statementFigures } from '../../domain/statement-figures.js';
import { findUserName } from './property-reference.repository.js';
import {
  deleteUnpaidInterims,
  findStatement,
  finalStatementOf,
  insertLandlordPayment,
  insertStatement,
  listStatements,
  markApproved,
  markPaid,
  type StatementRow,
} from './property-statement.repository.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import { computePayAdvice } from './pay-advice.js';
import { conflictError, badRequestError, notFoundError } from '../../services/service-error.js';
import { type PrepareStatementInput, type StatementActionInput, type StatementsRequest } from '../property-store.js';

export function prepareStatement(store: Store, input: PrepareStatementInput): StatementRecord {
  const clock = input.now ?? Date.now;
  const run = store.sqlite.transaction(() => {
    const preparedByName = userOfCompany(store, input.preparedByUserId, input.companyId);
    const property = propertyPaymentType(store, input.propertyId, input.companyId);
    const computed = computePayAdvice(
      store,
      {
        companyId: input.companyId,
        propertyId: input.propertyId,
        month: input.month,
        year: input.year,
        lldPaymentType: input.lldPaymentType ?? property,
        srvcId: input.srvcId,
        deferredPayment: input.deferredPayment,
      },
      clock,
    );
    const key = monthKey(computed.range);
    const existing = finalStatementOf(store, input.propertyId, key);
    if (existing) {
      throw conflictError(`property ${input.propertyId} already has a FINAL statement for ${input.month}/${input.year} (statement ${existing.id}); a FINAL statement cannot be replaced`);
    }
    const later = prepared<[number, number], { id: number; month_key: number }>(
      store,
      `select id, month_key from statements where property_id = ? and month_key > ? and statement_type = 'FINAL' limit 1`,
    ).get(input.propertyId, key);
    if (input.final && later) {
      throw conflictError(`property ${input.propertyId} already has a FINAL statement for a later month (statement ${later.id}); months close in order`);
    }
    if (!input.final) deleteUnpaidInterims(store, input.propertyId, key);
    const { figures: advice, property: details, range, service } = computed;
    const f = statementFigures(advice);
    const id = insertStatement(store, {
      company_id: input.companyId,
      property_id: details.id,
      landlord_id: details.landlordId,
      zone_id: details.zoneId,
      year: range.year,
      month: range.month,
      month_key: key,
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
      date_prepared: clock(),
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
    });
    return findStatement(store, id)!;
  });
  try {
    return toStatementRecord(run.immediate());
  } catch (error) {
    // Two preparers racing for one FINAL: the unique index lets exactly one through.
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw conflictError(`property ${input.propertyId} already has a FINAL statement for ${input.month}/${input.year}`);
    }
    throw error;
  }
}

export function approveStatement(store: Store, input: StatementActionInput): StatementRecord {
  const clock = input.now ?? Date.now;
  return store.sqlite.transaction(() => {
    const statement = statementOf(store, input.statementId, input.companyId);
    if (statement.approved_for_pmt === 'YES') {
      throw conflictError(`statement ${statement.id} was already approved for payment`);
    }
    const name = userOfCompany(store, input.userId, statement.company_id);
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
    const statement = statementOf(store, input.statementId, input.companyId);
    if (statement.approved_for_pmt !== 'YES') {
      throw conflictError(`statement ${statement.id} is not approved for payment yet; approve it first`);
    }
    if (statement.paid_posted === 'YES') throw conflictError(`statement ${statement.id} is already marked paid`);
    const at = clock();
    if (statement.amt_pyble_cents > 0) {
      insertLandlordPayment(store, {
        companyId: statement.company_id,
        landlordId: statement.landlord_id,
        propertyId: statement.property_id,
        statementId: statement.id,
        date: at,
        amount: statement.amt_pyble_cents,
        reference: input.reference ?? null,
      });
    }
    markPaid(store, statement.id, at);
    return toStatementRecord(findStatement(store, statement.id)!);
  }).immediate();
}

export function statementsReport(store: Store, request: StatementsRequest): StatementsResponse {
  const list = listStatements(store, request).map(toStatementRecord);
  return { count: list.length, list };
}

function statementOf(store: Store, statementId: number, companyId: number | undefined): StatementRow {
  const statement = findStatement(store, statementId);
  if (!statement || (companyId !== undefined && statement.company_id !== companyId)) {
    throw notFoundError(`no statement ${statementId}${companyId === undefined ? '' : ` in company ${companyId}`}`);
  }
  return statement;
}

function userOfCompany(store: Store, userId: number | null, companyId: number): string | null {
  if (userId === null) return 'Local administrator';
  const row = prepared<[number], { company_id: number; name: string }>(store, 'select company_id, name from users where id = ?').get(userId);
  if (!row || row.company_id !== companyId) throw badRequestError(`user ${userId} is not a user of company ${companyId}`);
  return findUserName(store, userId) ?? row.name;
}

function propertyPaymentType(store: Store, propertyId: number, companyId: number): LandlordPaymentType {
  const row = prepared<[number], { company_id: number; lld_payment_type: LandlordPaymentType }>(
    store,
    'select company_id, lld_payment_type from properties where id = ?',
  ).get(propertyId);
  if (!row || row.company_id !== companyId) throw notFoundError(`no property ${propertyId} in company ${companyId}`);
  return row.lld_payment_type;
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
