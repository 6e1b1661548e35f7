/**
 * The property area of the store interface (../property-store.ts) on any engine: each method
 * one unit of work of the engine, written once in this folder.
 */
import type { PropertyStore } from '../property-store.js';
import type { Engine } from '../unit-of-work/transaction.js';
import { rederivePendingLedgers } from './ledger-allocation.js';
import { importLedger } from './ledger-import.js';
import { mpesaStoreOn } from './mpesa-store-units.js';
import { paidBalanceReport, payAdviceReport, statementDocument, statementsReport } from './property-reports.js';
import { statementSendStoreOn } from './statement-send-store-units.js';
import { approveStatement, markStatementPaid, prepareStatement, prepareStatements } from './statements.js';

export function propertyStoreOn(engine: Engine): PropertyStore {
  return {
    paidBalanceReport: (request, clock) => engine.unit('read', (tx) => paidBalanceReport(tx, request, clock)),
    payAdviceReport: (request, clock) => engine.unit('read', (tx) => payAdviceReport(tx, request, clock)),
    statementsReport: (request) => engine.unit('read', (tx) => statementsReport(tx, request)),
    statementDocument: (statementId, companyId) => engine.unit('read', (tx) => statementDocument(tx, statementId, companyId)),
    prepareStatement: (input) => prepareStatement(engine, input),
    prepareStatements: (inputs, onPrepared) => prepareStatements(engine, inputs, onPrepared),
    approveStatement: (input) => approveStatement(engine, input),
    markStatementPaid: (input) => markStatementPaid(engine, input),
    importLedger: (companyId, kind, file) => importLedger(engine, companyId, kind, file),
    rederivePendingLedgers: () => rederivePendingLedgers(engine),
    ...mpesaStoreOn(engine),
    ...statementSendStoreOn(engine),
  };
}
