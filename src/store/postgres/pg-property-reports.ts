/**
 * The property reports on PostgreSQL: paid and balance, the pay advice, the statements list and
 * a statement's document. Each is one read-only REPEATABLE READ transaction, so its several
 * queries see one snapshot of the ledger, however many instances write meanwhile. The reports
 * are assembled by the same services as SQLite's (paid-balance-report.ts, pay-advice-report.ts,
 * statement-workflow.ts), so their records are the same for the same data.
 */
import type pg from 'pg';
import type { PaidBalanceRow } from '../../contract/paid-balance.js';
import type { PayAdvice } from '../../contract/pay-advice.js';
import type { StatementsResponse } from '../../contract/statement.js';
import { monthKey } from '../../domain/month-range.js';
import { ledgerLines, toPaidBalanceRow } from '../../services/paid-balance-report.js';
import { adviceTarget, assemblePayAdvice, serviceAsked, toPayAdvice, type ComputedPayAdvice } from '../../services/pay-advice-report.js';
import { companyOrThrow, reportMonth } from '../../services/report-month.js';
import { statementDocumentOf, toStatementRecord } from '../../services/statement-workflow.js';
import type { Clock, PaidBalanceRequest, PayAdviceRequest, StatementDocument, StatementsRequest } from '../property-store.js';
import type { StatementRow } from '../tables/statement-row.js';
import {
  expensesOnPostgres,
  finalStatementOnPostgres,
  findCompanyOnPostgres,
  findPropertyOnPostgres,
  findServiceOnPostgres,
  findStatementOnPostgres,
  lastFinalBalanceOnPostgres,
  ledgerRowsOnPostgres,
} from './pg-property-reads.js';
import { rowsOf, type Queryable } from './pg-rows.js';
import { inTransaction } from './pg-unit-of-work.js';

/** A unit of work that only reads, on one snapshot. */
export function inSnapshot<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    return work(client);
  });
}

export function paidBalanceOnPostgres(pool: pg.Pool, request: PaidBalanceRequest, clock: Clock = Date.now): Promise<PaidBalanceRow[]> {
  return inSnapshot(pool, async (client) => {
    const company = companyOrThrow(await findCompanyOnPostgres(client, request.companyId), request.companyId);
    const range = reportMonth(company, request.month, request.year, clock);
    const rows = await ledgerRowsOnPostgres(client, {
      companyId: request.companyId,
      zoneId: request.zoneId,
      fieldOfficerId: request.fieldOfficerId,
      propertyId: request.propertyId,
      from: range.from,
      to: range.to,
      monthKey: monthKey(range),
    });
    return ledgerLines(rows, range.from, company.timeZone).map(toPaidBalanceRow);
  });
}

/** The pay advice computed inside the caller's transaction (a report's, or a statement's being prepared). */
export async function computePayAdviceOnPostgres(client: Queryable, request: PayAdviceRequest, clock: Clock): Promise<ComputedPayAdvice> {
  const company = companyOrThrow(await findCompanyOnPostgres(client, request.companyId), request.companyId);
  const property = await findPropertyOnPostgres(client, request.propertyId);
  const asked = property && property.companyId === request.companyId ? serviceAsked(request) : undefined;
  const target = adviceTarget(request, company, property, asked === undefined ? undefined : await findServiceOnPostgres(client, asked), clock);
  const { id } = target.property;
  return assemblePayAdvice(target, company, request, {
    rows: await ledgerRowsOnPostgres(client, target.scope),
    expenses: await expensesOnPostgres(client, id, target.range.from, target.range.to),
    balanceBf: (await lastFinalBalanceOnPostgres(client, id, target.monthKey)) ?? 0,
    finalExists: (await finalStatementOnPostgres(client, id, target.monthKey)) !== undefined,
  });
}

export function payAdviceOnPostgres(pool: pg.Pool, request: PayAdviceRequest, clock: Clock = Date.now): Promise<PayAdvice> {
  return inSnapshot(pool, async (client) => toPayAdvice((await computePayAdviceOnPostgres(client, request, clock)).figures));
}

/** Newest month first, then property code (bytewise, as SQLite compares), then newest statement first. */
export function statementsOnPostgres(pool: pg.Pool, request: StatementsRequest): Promise<StatementsResponse> {
  return inSnapshot(pool, async (client) => {
    const rows = await rowsOf<StatementRow>(
      client,
      `select * from statements
        where company_id = $1 and landlord_id = $2 and ($3::bigint is null or zone_id = $3)
          and ($4::text = 'ALL' or paid_posted = $4)
        order by month_key desc, property_code collate "C", id desc`,
      [request.companyId, request.landlordId, request.zoneId ?? null, request.paidPosted],
    );
    const list = rows.map(toStatementRecord);
    return { count: list.length, list };
  });
}

export function statementDocumentOnPostgres(pool: pg.Pool, statementId: number, companyId: number): Promise<StatementDocument> {
  return inSnapshot(pool, async (client) => {
    const row = await findStatementOnPostgres(client, statementId);
    const company = row && row.company_id === companyId ? await findCompanyOnPostgres(client, companyId) : undefined;
    return statementDocumentOf(row, company, statementId, companyId);
  });
}
