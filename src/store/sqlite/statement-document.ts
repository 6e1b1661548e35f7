/** The data a statement's PDF is rendered from (its presigned URL: services/statement-document-link.ts). */
import type { ExpenseInput, RentLineFigures } from '../../domain/pay-advice.js';
import { findCompanyProfile } from './company-identity.repository.js';
import { findStatement } from './property-statement.repository.js';
import type { Store } from './open-db.js';
import { notFoundError } from '../../services/service-error.js';
import { toStatementRecord } from './statements.js';
import type { StatementDocument } from '../property-store.js';

export function statementDocument(store: Store, statementId: number, companyId: number): StatementDocument {
  const row = findStatement(store, statementId);
  if (!row || row.company_id !== companyId) throw notFoundError(`no statement ${statementId} in company ${companyId}`);
  const company = findCompanyProfile(store, companyId)!;
  return {
    company,
    statement: toStatementRecord(row),
    rentLines: JSON.parse(row.rents_json) as RentLineFigures[],
    expenseLines: JSON.parse(row.expenses_json) as ExpenseInput[],
  };
}
