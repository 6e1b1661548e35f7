/**
 * The property reports: paid and balance (interface 4.5), the pay advice (4.6), the statements
 * list (4.7) and a statement's document. Each is one read unit, so its several queries see one
 * snapshot of the ledger however many writers work meanwhile. The rows are read here; the
 * reports are assembled by rules/paid-balance-report.ts and pay-advice-report.ts.
 */
import type { PaidBalanceRow } from '../../contract/paid-balance.js';
import type { PayAdvice } from '../../contract/pay-advice.js';
import type { StatementsResponse } from '../../contract/statement.js';
import { monthKey } from '../../domain/month-range.js';
import { ledgerLines, toPaidBalanceRow } from '../rules/paid-balance-report.js';
import { adviceTarget, assemblePayAdvice, serviceAsked, toPayAdvice, type ComputedPayAdvice } from '../rules/pay-advice-report.js';
import { reportMonth } from '../rules/report-month.js';
import { statementDocumentOf, toStatementRecord } from '../rules/statement-workflow.js';
import type { Clock, PaidBalanceRequest, PayAdviceRequest, StatementDocument, StatementsRequest } from '../property-store.js';
import type { StatementRow } from '../tables/statement-row.js';
import { sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';
import { ledgerRows } from './ledger-rows.js';
import {
  companyOrThrow,
  expensesInRange,
  finalStatementOf,
  findCompany,
  findProperty,
  findService,
  findStatement,
  lastFinalBalance,
} from './property-reads.js';

export async function paidBalanceReport(tx: Tx, request: PaidBalanceRequest, clock: Clock = Date.now): Promise<PaidBalanceRow[]> {
  const company = await companyOrThrow(tx, request.companyId);
  const range = reportMonth(company, request.month, request.year, clock);
  const rows = await ledgerRows(tx, {
    companyId: request.companyId,
    zoneId: request.zoneId,
    fieldOfficerId: request.fieldOfficerId,
    propertyId: request.propertyId,
    from: range.from,
    to: range.to,
    monthKey: monthKey(range),
  });
  return ledgerLines(rows, range.from, company.timeZone).map(toPaidBalanceRow);
}

/** The pay advice computed inside the caller's unit (a report's, or a statement's being prepared). */
export async function computePayAdvice(tx: Tx, request: PayAdviceRequest, clock: Clock = Date.now): Promise<ComputedPayAdvice> {
  const company = await companyOrThrow(tx, request.companyId);
  const property = await findProperty(tx, request.propertyId);
  const asked = property && property.companyId === request.companyId ? serviceAsked(request) : undefined;
  const target = adviceTarget(request, company, property, asked === undefined ? undefined : await findService(tx, asked), clock);
  const { id } = target.property;
  return assemblePayAdvice(target, company, request, {
    rows: await ledgerRows(tx, target.scope),
    expenses: await expensesInRange(tx, id, target.range.from, target.range.to),
    balanceBf: (await lastFinalBalance(tx, id, target.monthKey)) ?? 0,
    finalExists: (await finalStatementOf(tx, id, target.monthKey)) !== undefined,
  });
}

export async function payAdviceReport(tx: Tx, request: PayAdviceRequest, clock: Clock = Date.now): Promise<PayAdvice> {
  return toPayAdvice((await computePayAdvice(tx, request, clock)).figures);
}

const STATEMENTS = sql(`select * from statements
   where company_id = ? and landlord_id = ? and (cast(? as bigint) is null or zone_id = ?)
     and (cast(? as text) = 'ALL' or paid_posted = ?)
   order by month_key desc, property_code {bytewise}, id desc`);

/** Newest month first, then property code, then newest statement first. */
export async function statementsReport(tx: Tx, request: StatementsRequest): Promise<StatementsResponse> {
  const zone = request.zoneId ?? null;
  const rows = await tx.all<StatementRow>(STATEMENTS, [request.companyId, request.landlordId, zone, zone, request.paidPosted, request.paidPosted]);
  const list = rows.map(toStatementRecord);
  return { count: list.length, list };
}

/** What a statement's PDF is rendered from; refuses (404) a statement of another company. */
export async function statementDocument(tx: Tx, statementId: number, companyId: number): Promise<StatementDocument> {
  const row = await findStatement(tx, statementId);
  const company = row && row.company_id === companyId ? await findCompany(tx, companyId) : undefined;
  return statementDocumentOf(row, company, statementId, companyId);
}
