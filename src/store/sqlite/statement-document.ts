/** The data a statement's PDF is rendered from (its presigned URL: services/statement-document-link.ts). */
import { statementDocumentOf } from '../../services/statement-workflow.js';
import type { StatementDocument } from '../property-store.js';
import type { Store } from './open-db.js';
import { findCompanyProfile } from './company-identity.repository.js';
import { findStatement } from './property-statement.repository.js';

export function statementDocument(store: Store, statementId: number, companyId: number): StatementDocument {
  const row = findStatement(store, statementId);
  return statementDocumentOf(row, row && row.company_id === companyId ? findCompanyProfile(store, companyId) : undefined, statementId, companyId);
}
