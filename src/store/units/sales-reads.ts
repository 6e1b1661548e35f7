/**
 * Reads of the sales area on any engine: the receipt list of units in stock (interface 4.3),
 * the payments of given sales, a unit looked up by IMEI or serial number with the sale that
 * sold it, and what a till keeps of the company to sell offline. Money leaves as cents turned
 * into wire amounts by the domain's fromCents, rates from basis points.
 */
import type { ItemCatalogSpecRecord } from '../../contract/receipt.js';
import type { ReferenceData } from '../../contract/reference-data.js';
import type { SalePayment } from '../../contract/sale-payments.js';
import type { LookedUpUnit } from '../../contract/unit-lookup.js';
import { fromBasisPoints, fromCents } from '../../domain/money.js';
import type { ReceiptSpecsFilter, ReceiptSpecsPage } from '../sales-store.js';
import { toLookedUpUnit, UNIT_SALE, type UnitSaleRow } from './unit-sale-query.js';
import { dialects, sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

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

/** Parameters: company, the unit after which the page starts (0: from the first), limit, offset. */
const UNITS_IN_STOCK = sql(`select u.id, u.product_id as "itemSpecId", c.name as "itemCategory", p.name as "itemName", p.code as "itemCode",
       u.serial_no as "serialNo", u.imei1, u.imei2, u.colour as color, u.colour_variant as "colorVariant",
       u.purchase_price_cents as "purchaseCents", u.sale_price_cents as "saleCents",
       u.warehouse_id as "warehouseId", w.name as warehouse, u.shop_id as "shopId", r.name as shop, u.company_id as "companyId",
       u.product_id as "itemProductId", p.category_id as "itemProductCatId", p.tax_rate_id as "taxRateId",
       t.rate_bp as "rateBp", p.tax_inc_exc as "taxIncExc"
  from (select id from item_specs where company_id = ? and status = 'in_stock' and id > ? order by id limit ? offset ?) page
  join item_specs u on u.id = page.id
  join item_products p on p.id = u.product_id
  left join item_categories c on c.id = p.category_id
  left join warehouses w on w.id = u.warehouse_id
  left join retail_shops r on r.id = u.shop_id
  left join tax_rates t on t.id = p.tax_rate_id
 order by u.id`);
const UNITS_IN_STOCK_COUNT = sql(`select count(*) as n from item_specs where company_id = ? and status = 'in_stock'`);

function toRecord(row: UnitRow, rowId: number): ItemCatalogSpecRecord {
  return {
    id: row.id,
    itemSpecId: row.itemSpecId,
    itemCategory: row.itemCategory,
    itemName: row.itemName,
    itemCode: row.itemCode,
    serialNo: row.serialNo,
    imei1: row.imei1,
    imei2: row.imei2,
    color: row.color,
    colorVariant: row.colorVariant,
    purchasePrice: fromCents(row.purchaseCents),
    salePrice: fromCents(row.saleCents),
    qty: 1,
    warehouseId: row.warehouseId,
    warehouse: row.warehouse,
    shopId: row.shopId,
    shop: row.shop,
    companyId: row.companyId,
    limitRegionByIds: null,
    limitPropertyByIds: null,
    itemProductId: row.itemProductId,
    itemProductCatId: row.itemProductCatId,
    taxRateId: row.taxRateId,
    taxRate: row.rateBp === null ? null : fromBasisPoints(row.rateBp),
    taxIncExc: row.taxIncExc,
    rowId,
  };
}

/**
 * A page of units in stock (every one without start and limit), oldest unit first, with its
 * count. With afterId (the unit the previous page ended at, from X-Next-After) the page is the
 * units after that one (a keyset reading): a unit in stock when a walk started comes in exactly
 * one page, whatever is sold or added meanwhile.
 */
export async function receiptSpecs(tx: Tx, filter: ReceiptSpecsFilter): Promise<ReceiptSpecsPage> {
  const { companyId, afterId } = filter;
  const start = afterId === undefined ? (filter.start ?? 0) : 0;
  const rows = await tx.all<UnitRow>(UNITS_IN_STOCK, [companyId, afterId ?? 0, filter.limit ?? Number.MAX_SAFE_INTEGER, start]);
  const list = rows.map(toRecord);
  const count = (await tx.get<{ n: number }>(UNITS_IN_STOCK_COUNT, [companyId]))!.n;
  const paged = filter.start !== undefined || filter.limit !== undefined || afterId !== undefined;
  const last = list.at(-1);
  return { count, list, ...(paged && last ? { nextAfter: String(last.id) } : {}) };
}

/*
 * Parameters: company, the sale ids as a JSON array. On SQLite the unary plus on
 * `s.company_id` keeps it from reading the sales through the company's index, which walked
 * every sale of the company for each call (59 ms for 1,000 ids among 90k sales); the ids are
 * looked up by primary key instead (2 ms), and the company is checked on each row found.
 */
const paymentsText = (ids: string, company: string) => `select c.sale_id as "saleId", c.channel_id as "channelId", p.name, p.method,
    nullif(c.reference_no, '') as "referenceNo", c.amount_cents as "amountCents", c.tendered_cents as "tenderedCents", c.id as n
  from cash_sale_channels c join payment_channels p on p.id = c.channel_id
  where c.company_id = ${company} and c.sale_id in (${ids})
union all
select s.id, null, s.payment_method, s.payment_method, null, s.amount_paid_cents, null, 0
  from cash_sales s
  where ${company === '?1' ? '+' : ''}s.company_id = ${company} and s.id in (${ids}) and s.amount_paid_cents > 0
    and not exists (select 1 from cash_sale_channels c where c.sale_id = s.id)
order by "saleId", n`;
export const SALE_PAYMENTS = dialects({
  sqlite: paymentsText('select value from json_each(?2)', '?1'),
  postgres: paymentsText('select json_array_elements_text($2::json)::bigint', '$1'),
});

interface PaymentRow {
  saleId: number;
  channelId: number | null;
  name: string;
  method: SalePayment['method'];
  referenceNo: string | null;
  amountCents: number;
  tenderedCents: number | null;
}

/**
 * The payments of given sales of one company: each channel row with its channel's name and
 * method, and for a sale saved without channels its whole amountPaid as one payment by its
 * paymentMethod. Sales of other companies are not seen.
 */
export async function salePayments(tx: Tx, companyId: number, saleIds: readonly number[]): Promise<SalePayment[]> {
  if (saleIds.length === 0) return [];
  const rows = await tx.all<PaymentRow>(SALE_PAYMENTS, [companyId, JSON.stringify([...new Set(saleIds)])]);
  return rows.map((row) => ({
    saleId: row.saleId,
    channelId: row.channelId,
    name: row.name,
    method: row.method,
    referenceNo: row.referenceNo,
    amount: fromCents(row.amountCents),
    tendered: row.tenderedCents === null ? null : fromCents(row.tenderedCents),
    change: row.tenderedCents === null ? null : fromCents(row.tenderedCents - row.amountCents),
  }));
}

const UNITS_BY_IDENTIFIER = sql(`${UNIT_SALE} where u.id in (select item_spec_id from item_identifiers where company_id = ? and identifier = ?) order by u.id`);

/** The company's units whose IMEI 1, IMEI 2 or serial number is exactly `identifier`, each with the sale that sold it. */
export async function unitsByIdentifier(tx: Tx, companyId: number, identifier: string): Promise<LookedUpUnit[]> {
  return (await tx.all<UnitSaleRow>(UNITS_BY_IDENTIFIER, [companyId, identifier.trim()])).map(toLookedUpUnit);
}

const REFERENCE = {
  company: sql('select id, name, time_zone as "timeZone", address, phone, currency, tax_number as "taxNumber" from companies where id = ?'),
  shops: sql('select id, name, location, phone from retail_shops where company_id = ? order by id'),
  cashbooks: sql('select id, code, name from cashbooks where company_id = ? order by code {bytewise}, id'),
  // Cashiers first (the people who sell), then the others, each by id.
  users: sql(`select id, name, role from users where company_id = ? order by case role when 'cashier' then 0 else 1 end, id`),
  channels: sql('select id, name, method from payment_channels where company_id = ? order by id'),
  taxRates: sql('select id, name, rate_bp as "rateBp" from tax_rates where company_id = ? order by id'),
  // Products that have no serialised units: they are sold by quantity, not unit by unit.
  products: sql(`select p.id, p.name, p.code, p.category_id as "categoryId", p.price_cents as "priceCents", p.cost_cents as "costCents",
         p.tax_rate_id as "taxRateId", coalesce(t.rate_bp, 0) as "rateBp", p.tax_inc_exc as "taxIncExc"
    from item_products p left join tax_rates t on t.id = p.tax_rate_id
   where p.company_id = ? and not exists (select 1 from item_specs u where u.product_id = p.id)
   order by p.name {bytewise}, p.id`),
  /** Parameters: the unit ids as a JSON array, the company. */
  units: dialects({
    sqlite: `select id, product_id as "productId", serial_no as "serialNo", imei1, imei2, status from item_specs where id in (select value from json_each(?)) and company_id = ?`,
    postgres: `select id, product_id as "productId", serial_no as "serialNo", imei1, imei2, status from item_specs where id in (select json_array_elements_text($1::json)::bigint) and company_id = $2`,
  }),
};

/** What a till keeps of the company, read in one unit so the lists agree with each other; undefined: no such company. */
export async function referenceData(tx: Tx, companyId: number, unitIds: readonly number[]): Promise<ReferenceData | undefined> {
  const company = await tx.get<ReferenceData['company']>(REFERENCE.company, [companyId]);
  if (!company) return undefined;
  const wanted = [...new Set(unitIds)];
  const units =
    wanted.length === 0
      ? []
      : await tx.all<{ id: number; productId: number; serialNo: string | null; imei1: string | null; imei2: string | null; status: string }>(REFERENCE.units, [
          JSON.stringify(wanted),
          companyId,
        ]);
  const unitById = new Map(units.map(({ status, ...unit }) => [unit.id, { ...unit, sold: status === 'sold' }]));
  const products = await tx.all<{
    id: number;
    name: string;
    code: string;
    categoryId: number | null;
    priceCents: number;
    costCents: number;
    taxRateId: number | null;
    rateBp: number;
    taxIncExc: 0 | 1;
  }>(REFERENCE.products, [companyId]);
  return {
    company,
    shops: await tx.all(REFERENCE.shops, [companyId]),
    cashbooks: await tx.all(REFERENCE.cashbooks, [companyId]),
    users: await tx.all(REFERENCE.users, [companyId]),
    paymentChannels: await tx.all(REFERENCE.channels, [companyId]),
    taxRates: (await tx.all<{ id: number; name: string; rateBp: number }>(REFERENCE.taxRates, [companyId])).map(({ id, name, rateBp }) => ({
      id,
      name,
      rate: fromBasisPoints(rateBp),
    })),
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      code: p.code,
      categoryId: p.categoryId,
      price: fromCents(p.priceCents),
      cost: fromCents(p.costCents),
      taxRateId: p.taxRateId,
      taxRate: fromBasisPoints(p.rateBp),
      taxIncExc: p.taxIncExc,
    })),
    // In the order the ids were asked.
    units: wanted.flatMap((id) => (unitById.has(id) ? [unitById.get(id)!] : [])),
  };
}
