/**
 * The property area of the store interface (property-store.ts) on PostgreSQL: the reports
 * (pg-property-reports.ts), the statements' workflow (pg-statements.ts) and the ledger imports
 * (pg-ledger-import.ts), each unit on a pooled connection of its own (pg-unit-of-work.ts).
 * The rules are the same modules SQLite's units call (services/, domain/); the rules that must
 * hold across instances are held by the database: row locks, unique indexes, SERIALIZABLE.
 */
import type pg from 'pg';
import type { PropertyStore } from '../property-store.js';
import { importLedgerOnPostgres, rederivePendingOnPostgres } from './pg-ledger-import.js';
import { paidBalanceOnPostgres, payAdviceOnPostgres, statementDocumentOnPostgres, statementsOnPostgres } from './pg-property-reports.js';
import { approveStatementOnPostgres, markStatementPaidOnPostgres, prepareStatementOnPostgres } from './pg-statements.js';

export function postgresPropertyStore(pool: pg.Pool): PropertyStore {
  return {
    paidBalanceReport: (request, clock) => paidBalanceOnPostgres(pool, request, clock),
    payAdviceReport: (request, clock) => payAdviceOnPostgres(pool, request, clock),
    statementsReport: (request) => statementsOnPostgres(pool, request),
    statementDocument: (statementId, companyId) => statementDocumentOnPostgres(pool, statementId, companyId),
    prepareStatement: (input) => prepareStatementOnPostgres(pool, input),
    approveStatement: (input) => approveStatementOnPostgres(pool, input),
    markStatementPaid: (input) => markStatementPaidOnPostgres(pool, input),
    importLedger: (companyId, kind, csvText) => importLedgerOnPostgres(pool, companyId, kind, csvText),
    rederivePendingLedgers: () => rederivePendingOnPostgres(pool),
  };
}
