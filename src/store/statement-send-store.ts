/**
 * Statements e-mailed to their landlords (`month-end --send`), recorded so that a month-end run
 * again sends nothing twice. What counts as sent is a property's statement of a month and type:
 * a month's INTERIM draft prepared again is the same statement to its landlord, a FINAL after it
 * is a new one. Every method is one unit of work.
 */
export type StatementType = 'INTERIM' | 'FINAL';

/** A property's statement of a month, as a send names it. */
export interface SentStatementKey {
  propertyId: number;
  year: number;
  month: number;
  statementType: StatementType;
}

export interface StatementSend extends SentStatementKey {
  /** The statement row that was sent (an INTERIM's row may be gone since, replaced by a new draft). */
  statementId: number;
  recipient: string;
  /** Epoch ms. */
  sentAt: number;
  messageId: string | null;
}

export interface StatementSendsRequest {
  companyId: number;
  year: number;
  month: number;
  propertyIds: readonly number[];
}

export interface RecordStatementSendInput {
  companyId: number;
  /** The statements one message carried. */
  statementIds: readonly number[];
  recipient: string;
  sentAt: number;
  messageId?: string | null | undefined;
}

export interface StatementSendStore {
  /** The sends of these properties' statements of a month, oldest first. */
  statementSends(request: StatementSendsRequest): Promise<StatementSend[]>;
  /** Records one message's statements as sent; refuses (404) a statement of another company or none. */
  recordStatementSend(input: RecordStatementSendInput): Promise<StatementSend[]>;
}
