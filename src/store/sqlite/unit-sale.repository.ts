/**
 * Which sale sold a serialised unit: its receipt number, date, sales person and shop, found by
 * the unit's id or by its IMEI or serial number. For the words of a refusal ("sold on receipt
 * R000123 ...") and the cashier's lookup.
 */
import type { LookedUpUnit } from '../../contract/unit-lookup.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

interface UnitSaleRow {
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

const UNIT_SALE = `select u.id, p.name as itemName, u.serial_no as serialNo, u.imei1, u.imei2, u.status,
    s.id as saleId, s.receipt_no as receiptNo, s.issue_date as issueDate, usr.name as soldBy, sh.name as shop
  from item_specs u join item_products p on p.id = u.product_id
  left join cash_sale_lines l on l.id = u.sold_line_id
  left join cash_sales s on s.id = l.sale_id
  left join users usr on usr.id = s.user_id
  left join retail_shops sh on sh.id = s.retail_shop_id`;

function toUnit(row: UnitSaleRow): LookedUpUnit {
  const { saleId, receiptNo, issueDate, soldBy, shop, ...unit } = row;
  return { ...unit, sale: saleId !== null && receiptNo !== null && issueDate !== null ? { saleId, receiptNo, issueDate, soldBy, shop } : null };
}

export function unitWithSale(store: Store, unitId: number): LookedUpUnit | undefined {
  const row = prepared<[number], UnitSaleRow>(store, `${UNIT_SALE} where u.id = ?`).get(unitId);
  return row && toUnit(row);
}

/** The company's units whose IMEI 1, IMEI 2 or serial number is exactly `identifier`. */
export function unitsByIdentifier(store: Store, companyId: number, identifier: string): LookedUpUnit[] {
  return prepared<[number, string], UnitSaleRow>(
    store,
    `${UNIT_SALE} where u.id in (select item_spec_id from item_identifiers where company_id = ? and identifier = ?) order by u.id`,
  )
    .all(companyId, identifier.trim())
    .map(toUnit);
}
