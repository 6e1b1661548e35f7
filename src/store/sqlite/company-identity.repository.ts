/**
 * The company as documents present it: its settings plus the currency of its amounts and its
 * tax registration number. Read apart from findCompany (which every report uses), so only the
 * documents and the company commands depend on these columns.
 */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import type { CompanyIdentityChanges } from '../setup-store.js';
import type { CompanyProfile } from '../company-profile.js';

const COMPANY_PROFILE = `select id, name, time_zone as timeZone, vat_rate_bp as vatRateBp, address, phone, email, currency, tax_number as taxNumber
  from companies`;

export function findCompanyProfile(store: Store, companyId: number): CompanyProfile | undefined {
  return prepared<[number], CompanyProfile>(store, `${COMPANY_PROFILE} where id = ?`).get(companyId);
}

/** Every company of the store, by id. */
export function allCompanyProfiles(store: Store): CompanyProfile[] {
  return prepared<[], CompanyProfile>(store, `${COMPANY_PROFILE} order by id`).all();
}

/** Returns whether the company exists (and so was changed). */
export function updateCompanyIdentity(store: Store, companyId: number, changes: CompanyIdentityChanges): boolean {
  const db = store.sqlite;
  if (!db.prepare('select 1 from companies where id = ?').get(companyId)) return false;
  if (changes.currency !== undefined) db.prepare('update companies set currency = ? where id = ?').run(changes.currency, companyId);
  if (changes.taxNumber !== undefined) db.prepare('update companies set tax_number = ? where id = ?').run(changes.taxNumber, companyId);
  return true;
}
