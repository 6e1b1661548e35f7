/** Prepared landlord statements: frozen pay advice figures with their workflow state. */
import type { PaidPosted } from '../../contract/statement.js';
import type { LandlordPayment } from '../../services/statement-workflow.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import { insertRow } from './property-reference.repository.js';
import type { NewStatementRow, StatementRow } from '../tables/statement-row.js';

export type { NewStatementRow, StatementRow };

export function insertStatement(store: Store, row: NewStatementRow): number {
  return insertRow(store, 'statements', row as unknown as Record<string, unknown>);
}

export function findStatement(store: Store, statementId: number): StatementRow | undefined {
  return prepared<[number], StatementRow>(store, 'select * from statements where id = ?').get(statementId);
}

export function finalStatementOf(store: Store, propertyId: number, monthKey: number): StatementRow | undefined {
  return prepared<[number, number], StatementRow>(
    store,
    `select * from statements where property_id = ? and month_key = ? and statement_type = 'FINAL'`,
  ).get(propertyId, monthKey);
}

/** A FINAL statement of the property for a month after monthKey, if any. */
export function laterFinalOf(store: Store, propertyId: number, monthKey: number): { id: number } | undefined {
  return prepared<[number, number], { id: number }>(
    store,
    `select id from statements where property_id = ? and month_key > ? and statement_type = 'FINAL' limit 1`,
  ).get(propertyId, monthKey);
}

/** The property's last FINAL statement of a month before monthKey. */
export function lastFinalBefore(store: Store, propertyId: number, monthKey: number): { id: number; balanceCf: number } | undefined {
  return prepared<[number, number], { id: number; balanceCf: number }>(
    store,
    `select id, balance_cf_cents as balanceCf from statements
      where property_id = ? and month_key < ? and statement_type = 'FINAL'
      order by month_key desc limit 1`,
  ).get(propertyId, monthKey);
}

/** Removes the unpaid INTERIM statements of a property and month (a new INTERIM replaces them). */
export function deleteUnpaidInterims(store: Store, propertyId: number, monthKey: number): number {
  return prepared(
    store,
    `delete from statements where property_id = ? and month_key = ? and statement_type = 'INTERIM' and paid_posted = 'NO'`,
  ).run(propertyId, monthKey).changes;
}

export interface StatementFilter {
  companyId: number;
  landlordId: number;
  zoneId?: number | undefined;
  paidPosted: PaidPosted;
}

/** Newest month first, then property code, then newest statement first. */
export function listStatements(store: Store, filter: StatementFilter): StatementRow[] {
  return prepared<[number, number, number | null, number | null, string, string], StatementRow>(
    store,
    `select * from statements
      where company_id = ? and landlord_id = ? and (? is null or zone_id = ?)
        and (? = 'ALL' or paid_posted = ?)
      order by month_key desc, property_code, id desc`,
  ).all(filter.companyId, filter.landlordId, filter.zoneId ?? null, filter.zoneId ?? null, filter.paidPosted, filter.paidPosted);
}

export function markApproved(store: Store, statementId: number, at: number, userId: number | null, userName: string | null): void {
  prepared(
    store,
    `update statements set approved_for_pmt = 'YES', date_approved = ?, approved_by_id = ?, approved_by_name = ? where id = ?`,
  ).run(at, userId, userName, statementId);
}

export function markPaid(store: Store, statementId: number, at: number): void {
  prepared(store, `update statements set paid_posted = 'YES', date_paid = ? where id = ?`).run(at, statementId);
}

export function insertLandlordPayment(store: Store, payment: LandlordPayment): number {
  return insertRow(store, 'landlord_payments', {
    company_id: payment.companyId,
    landlord_id: payment.landlordId,
    property_id: payment.propertyId,
    statement_id: payment.statementId,
    payment_date: payment.date,
    amount_cents: payment.amount,
    reference: payment.reference,
  });
}
