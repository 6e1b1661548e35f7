/**
 * The record of statements e-mailed to landlords (../statement-send-store.ts). A send is
 * recorded after its message was accepted by the mail server: a crash between the two can send
 * one message twice on a rerun, never leave one recorded that went nowhere.
 */
import { monthKey } from '../../domain/month-range.js';
import { notFoundError } from '../rules/service-error.js';
import type { RecordStatementSendInput, StatementSend, StatementSendsRequest, StatementType } from '../statement-send-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

const STATEMENT = sql(
  'select company_id as "companyId", property_id as "propertyId", month_key as "monthKey", statement_type as "statementType" from statements where id = ?',
);
const SENDS_OF_MONTH = sql(`select property_id as "propertyId", month_key as "monthKey", statement_type as "statementType", statement_id as "statementId",
  recipient, sent_at as "sentAt", message_id as "messageId" from statement_sends where company_id = ? and month_key = ? order by sent_at, id`);

interface SendRow {
  propertyId: number;
  monthKey: number;
  statementType: StatementType;
  statementId: number;
  recipient: string;
  sentAt: number;
  messageId: string | null;
}

function toSend(row: SendRow): StatementSend {
  const { monthKey: key, ...rest } = row;
  return { ...rest, year: Math.floor(key / 100), month: key % 100 };
}

export async function statementSends(tx: Tx, request: StatementSendsRequest): Promise<StatementSend[]> {
  const wanted = new Set(request.propertyIds);
  const rows = await tx.all<SendRow>(SENDS_OF_MONTH, [request.companyId, monthKey(request)]);
  return rows.filter((row) => wanted.has(row.propertyId)).map(toSend);
}

export async function recordStatementSend(tx: Tx, input: RecordStatementSendInput): Promise<StatementSend[]> {
  const recorded: StatementSend[] = [];
  for (const statementId of input.statementIds) {
    const statement = await tx.get<{ companyId: number; propertyId: number; monthKey: number; statementType: StatementType }>(STATEMENT, [statementId]);
    // Another company's statement is refused as if it did not exist: ids are not disclosed across companies.
    if (!statement || statement.companyId !== input.companyId) throw notFoundError(`no statement ${statementId} in company ${input.companyId}`);
    const row: SendRow = {
      propertyId: statement.propertyId,
      monthKey: statement.monthKey,
      statementType: statement.statementType,
      statementId,
      recipient: input.recipient,
      sentAt: input.sentAt,
      messageId: input.messageId ?? null,
    };
    await tx.insert('statement_sends', {
      company_id: input.companyId,
      property_id: row.propertyId,
      month_key: row.monthKey,
      statement_type: row.statementType,
      statement_id: statementId,
      recipient: row.recipient,
      sent_at: row.sentAt,
      message_id: row.messageId,
    });
    recorded.push(toSend(row));
  }
  return recorded;
}
