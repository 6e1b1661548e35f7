/**
 * A shop's address and phone changed (`local shop set`), on any engine: the shop held while it
 * is written, refused when it is not the company's, and read back as `local list shops` shows it.
 */
import type { ShopEntry } from '../directory-store.js';
import { noShopToChange } from '../rules/shop-details.js';
import type { ShopDetailsChanges } from '../setup-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

const SHOP_HELD = sql('select id from retail_shops where id = ? and company_id = ? {for update}');
const SET_ADDRESS = sql('update retail_shops set location = ? where id = ?');
const SET_PHONE = sql('update retail_shops set phone = ? where id = ?');
const SHOP = sql(`select s.id, s.company_id as "companyId", s.name, s.location, s.phone,
       (select count(*) from item_specs u where u.shop_id = s.id and u.status = 'in_stock') as "unitsInStock"
  from retail_shops s where s.id = ?`);

/** `checked`: changes already checked (rules/shop-details.ts). */
export async function changeShopDetailsIn(tx: Tx, companyId: number, shopId: number, checked: ShopDetailsChanges): Promise<ShopEntry> {
  if (!(await tx.get(SHOP_HELD, [shopId, companyId]))) throw noShopToChange(companyId, shopId);
  if (checked.address !== undefined) await tx.run(SET_ADDRESS, [checked.address, shopId]);
  if (checked.phone !== undefined) await tx.run(SET_PHONE, [checked.phone, shopId]);
  return (await tx.get<ShopEntry>(SHOP, [shopId]))!;
}
