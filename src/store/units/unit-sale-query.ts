/**
 * Which sale sold a serialised unit, in SQL both backends run (aliases quoted, as PostgreSQL
 * needs and SQLite accepts): the unit with its receipt number, date, sales person and shop, for
 * the words of a refusal ("sold on receipt R000123 ...") and the cashier's look-up.
 */
import type { LookedUpUnit } from '../../contract/unit-lookup.js';

/** The query of a unit and the sale that sold it; a `where` clause names the units. */
export const UNIT_SALE = `select u.id, p.name as "itemName", u.serial_no as "serialNo", u.imei1, u.imei2, u.status,
    s.id as "saleId", s.receipt_no as "receiptNo", s.issue_date as "issueDate", usr.name as "soldBy", sh.name as shop
  from item_specs u join item_products p on p.id = u.product_id
  left join cash_sale_lines l on l.id = u.sold_line_id
  left join cash_sales s on s.id = l.sale_id
  left join users usr on usr.id = s.user_id
  left join retail_shops sh on sh.id = s.retail_shop_id`;

export interface UnitSaleRow {
  id: number;
  itemName: string;
  serialNo: string | null;
  imei1: string | null;
  imei2: string | null;
  status: string;
  saleId: number | null;
  receiptNo: string | null;
  issueDate: number | null;
  soldBy: string | null;
  shop: string | null;
}

/** A unit row as the look-up's record: the sale's fields under `sale`, or null when unsold. */
export function toLookedUpUnit(row: UnitSaleRow): LookedUpUnit {
  const { saleId, receiptNo, issueDate, soldBy, shop, ...unit } = row;
  return { ...unit, sale: saleId !== null && receiptNo !== null && issueDate !== null ? { saleId, receiptNo, issueDate, soldBy, shop } : null };
}
