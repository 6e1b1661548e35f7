/**
 * What a month-end reads through the service (embedded, `serve`, or another server of the
 * interface): per property its tenants' paid and balance, its pay advice and its statement of
 * the month, and each statement's PDF. The same calls whether the statements were prepared by
 * this run or already existed, so a folder from a store and one from a service agree.
 */
import type { ShopClient } from '../../client/client.js';
import { documentLink } from '../../client/document-link.js';
import type { PaidBalanceRow } from '../../contract/paid-balance.js';
import { LANDLORD_PAYMENT_TYPES, type LandlordPaymentType, type PayAdvice } from '../../contract/pay-advice.js';
import type { StatementRecord } from '../../contract/statement.js';
import { MONTH_NAMES } from '../../domain/month-range.js';
import type { PropertyInScope } from './month-end-scope.js';

export interface PropertyMonth extends PropertyInScope {
  paidBalance: PaidBalanceRow[];
  payAdvice: PayAdvice;
  /** The month's FINAL statement, else its latest INTERIM; none when none was prepared. */
  statement?: StatementRecord;
}

export interface MonthRequest {
  companyId: number;
  month: number;
  year: number;
}

/** Every statement of the landlords in scope for the month, one per property (FINAL first, else the latest). */
export async function statementsOfMonth(api: ShopClient, request: MonthRequest, landlordIds: readonly number[]): Promise<Map<number, StatementRecord>> {
  const monthName = MONTH_NAMES[request.month - 1]!.toUpperCase();
  const chosen = new Map<number, StatementRecord>();
  for (const landlordId of landlordIds) {
    const page = await api.statements({ companyId: request.companyId, landlordId, paidPosted: 'ALL' });
    for (const statement of page.list as StatementRecord[]) {
      if (statement.year !== request.year || statement.month.toUpperCase() !== monthName) continue;
      const held = chosen.get(statement.propertyId);
      if (!held || outranks(statement, held)) chosen.set(statement.propertyId, statement);
    }
  }
  return chosen;
}

/** A FINAL outranks any INTERIM; among the same type the later prepared (then the higher id). */
function outranks(a: StatementRecord, b: StatementRecord): boolean {
  const finalA = a.statementType === 'FINAL' ? 1 : 0;
  const finalB = b.statementType === 'FINAL' ? 1 : 0;
  if (finalA !== finalB) return finalA > finalB;
  return a.datePrepared !== b.datePrepared ? a.datePrepared > b.datePrepared : a.id > b.id;
}

export async function collectProperty(
  api: ShopClient,
  request: MonthRequest,
  entry: PropertyInScope,
  statement: StatementRecord | undefined,
): Promise<PropertyMonth> {
  const query = { companyId: request.companyId, propertyId: entry.property.id, month: request.month, year: request.year };
  const [paidBalance, payAdvice] = await Promise.all([
    api.paidBalance(query),
    // The statement froze the pay advice of its payment type: the same type shows the same figures.
    api.payAdvice(statement && isPaymentType(statement.lldPmtType) ? { ...query, lldPaymentType: statement.lldPmtType } : query),
  ]);
  return { ...entry, paidBalance: paidBalance as PaidBalanceRow[], payAdvice: payAdvice as PayAdvice, ...(statement ? { statement } : {}) };
}

export async function statementPdf(api: ShopClient, statementId: number): Promise<Buffer> {
  return api.fetchDocument(documentLink(await api.statementPdf({ statementId })));
}

function isPaymentType(text: string): text is LandlordPaymentType {
  return (LANDLORD_PAYMENT_TYPES as readonly string[]).includes(text);
}
