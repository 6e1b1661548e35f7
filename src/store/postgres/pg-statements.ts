/**
 * Landlord statements on PostgreSQL: prepare, approve for payment, mark paid. What each step
 * decides and refuses is services/statement-workflow.ts, as on SQLite; here the rows it hangs
 * on are locked first, so instances take turns:
 * - a prepare locks its property's row (FOR NO KEY UPDATE): two preparers of one property and
 *   month run one after the other, and the second sees the first's FINAL and is refused; the
 *   partial unique index statements_final is the last word (a violation is the same refusal);
 * - approve and mark paid lock the statement's row: it is approved once and paid once.
 */
import type pg from 'pg';
import type { LandlordPaymentType } from '../../contract/pay-advice.js';
import type { StatementRecord } from '../../contract/statement.js';
import { monthKey } from '../../domain/month-range.js';
import {
  paymentOfStatement,
  refuseApproval,
  refuseClosedMonth,
  secondFinalError,
  statementAdviceRequest,
  statementOf,
  statementRowOf,
  toStatementRecord,
  userNameOf,
} from '../../services/statement-workflow.js';
import type { PrepareStatementInput, StatementActionInput } from '../property-store.js';
import type { StatementRow } from '../tables/statement-row.js';
import { computePayAdviceOnPostgres } from './pg-property-reports.js';
import { finalStatementOnPostgres, findStatementOnPostgres, laterFinalOnPostgres } from './pg-property-reads.js';
import { insertRowOnPostgres, rowOf, type Queryable } from './pg-rows.js';
import { inTransaction } from './pg-unit-of-work.js';

function userRow(client: Queryable, userId: number | null): Promise<{ company_id: number; name: string } | undefined> {
  return userId === null ? Promise.resolve(undefined) : rowOf(client, 'select company_id, name from users where id = $1', [userId]);
}

export async function prepareStatementOnPostgres(pool: pg.Pool, input: PrepareStatementInput): Promise<StatementRecord> {
  const clock = input.now ?? Date.now;
  try {
    return await inTransaction(pool, async (client) => {
      const preparedByName = userNameOf(input.preparedByUserId, await userRow(client, input.preparedByUserId), input.companyId);
      const property = await rowOf<{ company_id: number; lld_payment_type: LandlordPaymentType }>(
        client,
        'select company_id, lld_payment_type from properties where id = $1 for no key update',
        [input.propertyId],
      );
      const computed = await computePayAdviceOnPostgres(client, statementAdviceRequest(input, property), clock);
      const key = monthKey(computed.range);
      refuseClosedMonth(input, await finalStatementOnPostgres(client, input.propertyId, key), await laterFinalOnPostgres(client, input.propertyId, key));
      if (!input.final) {
        await client.query(`delete from statements where property_id = $1 and month_key = $2 and statement_type = 'INTERIM' and paid_posted = 'NO'`, [input.propertyId, key]);
      }
      const id = await insertRowOnPostgres(client, 'statements', statementRowOf(input, computed, preparedByName, clock()) as unknown as Record<string, unknown>);
      return toStatementRecord((await findStatementOnPostgres(client, id))!);
    });
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'statements_final') throw secondFinalError(input);
    throw error;
  }
}

/** The statement's row locked for its step, or a refusal (404). */
async function lockedStatement(client: Queryable, input: StatementActionInput): Promise<StatementRow> {
  return statementOf(await findStatementOnPostgres(client, input.statementId, true), input.statementId, input.companyId);
}

export function approveStatementOnPostgres(pool: pg.Pool, input: StatementActionInput): Promise<StatementRecord> {
  const clock = input.now ?? Date.now;
  return inTransaction(pool, async (client) => {
    const statement = await lockedStatement(client, input);
    refuseApproval(statement);
    const name = userNameOf(input.userId, await userRow(client, input.userId), statement.company_id);
    await client.query(`update statements set approved_for_pmt = 'YES', date_approved = $1, approved_by_id = $2, approved_by_name = $3 where id = $4`, [clock(), input.userId, name, statement.id]);
    return toStatementRecord((await findStatementOnPostgres(client, statement.id))!);
  });
}

export function markStatementPaidOnPostgres(pool: pg.Pool, input: StatementActionInput & { reference?: string | undefined }): Promise<StatementRecord> {
  const clock = input.now ?? Date.now;
  return inTransaction(pool, async (client) => {
    const statement = await lockedStatement(client, input);
    const at = clock();
    const payment = paymentOfStatement(statement, at, input.reference);
    if (payment) {
      await insertRowOnPostgres(client, 'landlord_payments', {
        company_id: payment.companyId,
        landlord_id: payment.landlordId,
        property_id: payment.propertyId,
        statement_id: payment.statementId,
        payment_date: payment.date,
        amount_cents: payment.amount,
        reference: payment.reference,
      });
    }
    await client.query(`update statements set paid_posted = 'YES', date_paid = $1 where id = $2`, [at, statement.id]);
    return toStatementRecord((await findStatementOnPostgres(client, statement.id))!);
  });
}
