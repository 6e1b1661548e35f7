/**
 * The shops, cashbooks and users of one company (or of every company), for `shopprop local list`:
 * the ids the profile's retailShopId, cashbookId and userId name.
 */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import type { CompanyScope } from './property-directory.repository.js';

export interface ShopEntry {
  id: number;
  companyId: number;
  name: string;
  location: string | null;
  /** How many serialised units the shop holds in stock. */
  unitsInStock: number;
}

export interface CashbookEntry {
  id: number;
  companyId: number;
  code: string;
  name: string;
}

export interface UserEntry {
  id: number;
  companyId: number;
  name: string;
  role: string;
  /** Login name, for users who log in with a password; null otherwise. */
  username: string | null;
  email: string | null;
}

export function listShops(store: Store, companyId: CompanyScope): ShopEntry[] {
  return prepared<{ company: CompanyScope }, ShopEntry>(
    store,
    `select s.id, s.company_id as companyId, s.name, s.location,
            (select count(*) from item_specs u where u.shop_id = s.id and u.status = 'in_stock') as unitsInStock
       from retail_shops s where @company is null or s.company_id = @company order by s.company_id, s.id`,
  ).all({ company: companyId });
}

export function listCashbooks(store: Store, companyId: CompanyScope): CashbookEntry[] {
  return prepared<{ company: CompanyScope }, CashbookEntry>(
    store,
    `select id, company_id as companyId, code, name from cashbooks where @company is null or company_id = @company order by company_id, code, id`,
  ).all({ company: companyId });
}

export function listUsers(store: Store, companyId: CompanyScope): UserEntry[] {
  return prepared<{ company: CompanyScope }, UserEntry>(
    store,
    `select id, company_id as companyId, name, role, username, email from users where @company is null or company_id = @company order by company_id, id`,
  ).all({ company: companyId });
}
