/**
 * Tenant paid and balance (interface 4.5) on SQLite: the month's ledger rows read in one query
 * (property-ledger.repository.ts), the report assembled by services/paid-balance-report.ts.
 */
import type { PaidBalanceRow } from '../../contract/paid-balance.js';
import { monthKey } from '../../domain/month-range.js';
import { ledgerLines, toPaidBalanceRow } from '../../services/paid-balance-report.js';
import { reportMonth } from '../../services/report-month.js';
import type { Clock, PaidBalanceRequest } from '../property-store.js';
import type { Store } from './open-db.js';
import { ledgerRows } from './property-ledger.repository.js';
import { companyOrThrow } from './report-month.js';

export function paidBalanceReport(store: Store, request: PaidBalanceRequest, clock: Clock = Date.now): PaidBalanceRow[] {
  const company = companyOrThrow(store, request.companyId);
  const range = reportMonth(company, request.month, request.year, clock);
  const rows = ledgerRows(store, {
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
