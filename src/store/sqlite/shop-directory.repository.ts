/**
 * The shops, cashbooks and users of one company (or of every company), for `shopprop local list`:
 * the ids the profile's retailShopId, cashbookId and userId name.
 */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import { type ShopEntry, type CashbookEntry, type UserEntry } from '../directory-store.js';
import { type CompanyScope } from '../directory-store.js';

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
