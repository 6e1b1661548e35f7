/**
 * A new company in the local SQLite store, ready for imports and sales: the set-up checked by
 * the shared rules (services/company-setup-rules.ts), then, under the write lock so two
 * processes cannot both create a name, its rows written (company-setup.repository.ts).
 */
import { checkedCompanySetup, nameTakenRefusal } from '../../services/company-setup-rules.js';
import type { CompanySetup, CreatedCompany } from '../setup-store.js';
import { companyNames, insertCompanyWithReferenceData } from './company-setup.repository.js';
import type { Store } from './open-db.js';
import { immediateTransaction } from './transactions.js';

export function setUpCompany(store: Store, setup: CompanySetup): CreatedCompany {
  const rows = checkedCompanySetup(setup);
  return immediateTransaction(store, () => {
    const taken = nameTakenRefusal(companyNames(store), rows.name);
    if (taken) throw taken;
    return insertCompanyWithReferenceData(store, rows);
  });
}
