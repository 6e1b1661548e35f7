/**
 * The statement sends of the store interface (../statement-send-store.ts) on any engine: each
 * method one unit of work, written once in this folder.
 */
import type { StatementSendStore } from '../statement-send-store.js';
import type { Engine } from '../unit-of-work/transaction.js';
import { recordStatementSend, statementSends } from './statement-sends.js';

export function statementSendStoreOn(engine: Engine): StatementSendStore {
  return {
    statementSends: (request) => engine.unit('read', (tx) => statementSends(tx, request)),
    // Rows are only added, and each names a statement read in the same unit: nothing to hold.
    recordStatementSend: (input) => engine.unit('write', (tx) => recordStatementSend(tx, input)),
  };
}
