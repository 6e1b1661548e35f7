/**
 * What `shopprop local list <kind>` prints: the ids of a company (or of every company) that
 * flags and prompts ask for, each with what tells it apart. Rows come straight from the store;
 * tokens never include the token itself.
 */
import type { Store } from './open-db.js';
import type { CompanyScope, LocalListKind } from '../directory-store.js';
import { listFieldOfficers, listLandlords, listProperties, listZones } from './property-directory.repository.js';
import { listCashbooks, listShops, listUsers } from './shop-directory.repository.js';
import { companyExists } from './catalog.repository.js';
import { noCompanyForList } from '../../services/local-list-rules.js';
import { listTokens } from './token-service.js';


/**
 * The rows of a kind, of one company or (`null`) of every company, each carrying its companyId.
 * A company not in the store is "not found", never an empty list that reads as "none yet".
 */
export function readLocalList(store: Store, kind: LocalListKind, companyId: CompanyScope): object[] {
  if (companyId !== null && !companyExists(store, companyId)) {
    throw noCompanyForList(companyId);
  }
  switch (kind) {
    case 'zones':
      return listZones(store, companyId);
    case 'officers':
      return listFieldOfficers(store, companyId);
    case 'properties':
      return listProperties(store, companyId);
    case 'landlords':
      return listLandlords(store, companyId);
    case 'shops':
      return listShops(store, companyId);
    case 'cashbooks':
      return listCashbooks(store, companyId);
    case 'users':
      return listUsers(store, companyId);
    case 'tokens':
      return listTokens(store, companyId ?? undefined);
  }
}
