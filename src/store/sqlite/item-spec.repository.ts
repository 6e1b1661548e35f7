/** Serialised units: the receipt list of units in stock. */
import type { ItemCatalogSpecRecord } from '../../contract/receipt.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import type { PageRequest } from './cash-sale-list.repository.js';

export function countUnitsInStock(store: Store, companyId: number): number {
  return prepared<[number], { n: number }>(store, `select count(*) as n from item_specs where company_id = ? and status = 'in_stock'`).get(companyId)!.n;
}

/** Units in stock of the company in id order (oldest unit first), after `afterId` if given; rowId is left to the caller. */
export function listUnitsInStock(store: Store, companyId: number, page: PageRequest, afterId = 0): Omit<ItemCatalogSpecRecord, 'rowId'>[] {
  return prepared<[number, number, number, number], Omit<ItemCatalogSpecRecord, 'rowId'>>(
    store,
    `select u.id, u.product_id as itemSpecId, c.name as itemCategory, p.name as itemName, p.code as itemCode,
            u.serial_no as serialNo, u.imei1, u.imei2, u.colour as color, u.colour_variant as colorVariant,
            u.purchase_price_cents / 100.0 as purchasePrice, u.sale_price_cents / 100.0 as salePrice, 1 as qty,
            u.warehouse_id as warehouseId, w.name as warehouse, u.shop_id as shopId, r.name as shop, u.company_id as companyId,
            null as limitRegionByIds, null as limitPropertyByIds,
            u.product_id as itemProductId, p.category_id as itemProductCatId, p.tax_rate_id as taxRateId,
            t.rate_bp / 100.0 as taxRate, p.tax_inc_exc as taxIncExc
       from (select id from item_specs where company_id = ? and status = 'in_stock' and id > ? order by id limit ? offset ?) page
       join item_specs u on u.id = page.id
       join item_products p on p.id = u.product_id
       left join item_categories c on c.id = p.category_id
       left join warehouses w on w.id = u.warehouse_id
       left join retail_shops r on r.id = u.shop_id
       left join tax_rates t on t.id = p.tax_rate_id
      order by u.id`,
  ).all(companyId, afterId, page.limit ?? -1, page.start);
}
