/**
 * Which sale sold a serialised unit, found by its IMEI or serial number, on PostgreSQL, as
 * SQLite's (store/sqlite/unit-sale.repository.ts): the company's units whose IMEI 1, IMEI 2 or
 * serial number is exactly the identifier, each with the sale that sold it.
 */
import type pg from 'pg';
import type { LookedUpUnit } from '../../contract/unit-lookup.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

/** The query of a unit and the sale that sold it; `where` names the units. */
export const UNIT_SALE = `select u.id, p.name as "itemName", u.serial_no as "serialNo", u.imei1, u.imei2, u.status,
    s.id as "saleId", s.receipt_no as "receiptNo", s.issue_date as "issueDate", usr.name as "soldBy", sh.name as shop
  from item_specs u join item_products p on p.id = u.product_id
  left join cash_sale_lines l on l.id = u.sold_line_id
  left join cash_sales s on s.id = l.sale_id
  left join users usr on usr.id = s.user_id
  left join retail_shops sh on sh.id = s.retail_shop_id`;

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

/** A unit row as the look-up's record (the sale's fields under `sale`, or null when unsold). */
export function toLookedUpUnit(raw: Record<string, unknown>): LookedUpUnit {
  const { saleId, receiptNo, issueDate, soldBy, shop, ...unit } = numbersOf<UnitSaleRow>(raw);
  return { ...unit, sale: saleId !== null && receiptNo !== null && issueDate !== null ? { saleId, receiptNo, issueDate, soldBy, shop } : null };
}

export async function unitsByIdentifierOnPostgres(pool: pg.Pool, companyId: number, identifier: string): Promise<LookedUpUnit[]> {
  return inTransaction(pool, async (client) => {
    const result = await client.query(
      `${UNIT_SALE} where u.id in (select item_spec_id from item_identifiers where company_id = $1 and identifier = $2) order by u.id`,
      [companyId, identifier.trim()],
    );
    return result.rows.map((row) => toLookedUpUnit(row as Record<string, unknown>));
  });
}
