/**
 * The receipt list (4.3) on PostgreSQL: the company's serialised units in stock, oldest first,
 * records field for field as SQLite's (store/sqlite/receipt-specs.ts): the same keys in the same
 * order, money from integer cents by the domain's fromCents, a rate from basis points.
 */
import type pg from 'pg';
import type { ItemCatalogSpecRecord } from '../../contract/receipt.js';
import { fromBasisPoints, fromCents } from '../../domain/money.js';
import type { ReceiptSpecsFilter, ReceiptSpecsPage } from '../sales-store.js';
import { numbersOf, safeNumber } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

interface UnitRow {
  id: number;
  itemSpecId: number;
  itemCategory: string | null;
  itemName: string | null;
  itemCode: string | null;
  serialNo: string | null;
  imei1: string | null;
  imei2: string | null;
  color: string | null;
  colorVariant: string | null;
  purchaseCents: number;
  saleCents: number;
  warehouseId: number | null;
  warehouse: string | null;
  shopId: number | null;
  shop: string | null;
  companyId: number | null;
  itemProductId: number | null;
  itemProductCatId: number | null;
  taxRateId: number | null;
  rateBp: number | null;
  taxIncExc: number | null;
}

const UNITS_IN_STOCK = `select u.id, u.product_id as "itemSpecId", c.name as "itemCategory", p.name as "itemName", p.code as "itemCode",
       u.serial_no as "serialNo", u.imei1, u.imei2, u.colour as color, u.colour_variant as "colorVariant",
       u.purchase_price_cents as "purchaseCents", u.sale_price_cents as "saleCents",
       u.warehouse_id as "warehouseId", w.name as warehouse, u.shop_id as "shopId", r.name as shop, u.company_id as "companyId",
       u.product_id as "itemProductId", p.category_id as "itemProductCatId", p.tax_rate_id as "taxRateId",
       t.rate_bp as "rateBp", p.tax_inc_exc as "taxIncExc"
  from (select id from item_specs where company_id = $1 and status = 'in_stock' and id > $2 order by id limit $3 offset $4) page
  join item_specs u on u.id = page.id
  join item_products p on p.id = u.product_id
  left join item_categories c on c.id = p.category_id
  left join warehouses w on w.id = u.warehouse_id
  left join retail_shops r on r.id = u.shop_id
  left join tax_rates t on t.id = p.tax_rate_id
 order by u.id`;

function toRecord(row: UnitRow, rowId: number): ItemCatalogSpecRecord {
  const { purchaseCents, saleCents, rateBp, taxIncExc, itemProductId, itemProductCatId, taxRateId, ...named } = row;
  return {
    id: named.id,
    itemSpecId: named.itemSpecId,
    itemCategory: named.itemCategory,
    itemName: named.itemName,
    itemCode: named.itemCode,
    serialNo: named.serialNo,
    imei1: named.imei1,
    imei2: named.imei2,
    color: named.color,
    colorVariant: named.colorVariant,
    purchasePrice: fromCents(purchaseCents),
    salePrice: fromCents(saleCents),
    qty: 1,
    warehouseId: named.warehouseId,
    warehouse: named.warehouse,
    shopId: named.shopId,
    shop: named.shop,
    companyId: named.companyId,
    limitRegionByIds: null,
    limitPropertyByIds: null,
    itemProductId,
    itemProductCatId,
    taxRateId,
    taxRate: rateBp === null ? null : fromBasisPoints(rateBp),
    taxIncExc,
    rowId,
  };
}

/** A page of units in stock (every one without start and limit), read in one transaction with its count. */
export async function receiptSpecsOnPostgres(pool: pg.Pool, filter: ReceiptSpecsFilter): Promise<ReceiptSpecsPage> {
  const { companyId, afterId } = filter;
  const start = afterId === undefined ? (filter.start ?? 0) : 0;
  return inTransaction(pool, async (client) => {
    const result = await client.query(UNITS_IN_STOCK, [companyId, afterId ?? 0, filter.limit ?? null, start]);
    const list = result.rows.map((row, rowId) => toRecord(numbersOf<UnitRow>(row as Record<string, unknown>), rowId));
    const count = safeNumber((await client.query(`select count(*) as n from item_specs where company_id = $1 and status = 'in_stock'`, [companyId])).rows[0].n as bigint);
    const paged = filter.start !== undefined || filter.limit !== undefined || afterId !== undefined;
    const last = list.at(-1);
    return { count, list, ...(paged && last ? { nextAfter: String(last.id) } : {}) };
  });
}
