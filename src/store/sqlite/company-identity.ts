/** The company's currency and tax registration number on SQLite: read and changed (`local company list|set`). */
import { checkedIdentityChanges, noCompanyToChange } from '../../services/company-identity.js';
import type { CompanyIdentityChanges } from '../setup-store.js';
import { findCompanyProfile, updateCompanyIdentity } from './company-identity.repository.js';
import type { Store } from './open-db.js';
import { immediateTransaction } from './transactions.js';
import type { CompanyProfile } from '../company-profile.js';

/** Changes what is given (checked first) and returns the company as it is afterwards. */
export function changeCompanyIdentity(store: Store, companyId: number, changes: CompanyIdentityChanges): CompanyProfile {
  const checked = checkedIdentityChanges(changes);
  return immediateTransaction(store, () => {
    if (!updateCompanyIdentity(store, companyId, checked)) throw noCompanyToChange(companyId);
    return findCompanyProfile(store, companyId)!;
  });
}
