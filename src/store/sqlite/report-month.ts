/** The company a report is of, read from SQLite (refused, 404, when there is none). */
import { companyOrThrow as companyAsRead } from '../../services/report-month.js';
import type { CompanySettings } from '../company-profile.js';
import type { Store } from './open-db.js';
import { findCompany } from './property-reference.repository.js';

export function companyOrThrow(store: Store, companyId: number): CompanySettings {
  return companyAsRead(findCompany(store, companyId), companyId);
}
