/**
 * Which sale sold a serialised unit (the query: ../unit-sale-query.ts), found by
 * the unit's id or by its IMEI or serial number. For the words of a refusal ("sold on receipt
 * R000123 ...") and the cashier's lookup.
 */
import type { LookedUpUnit } from '../../contract/unit-lookup.js';
import { toLookedUpUnit, UNIT_SALE, type UnitSaleRow } from '../unit-sale-query.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

export function unitWithSale(store: Store, unitId: number): LookedUpUnit | undefined {
  const row = prepared<[number], UnitSaleRow>(store, `${UNIT_SALE} where u.id = ?`).get(unitId);
  return row && toLookedUpUnit(row);
}

/** The company's units whose IMEI 1, IMEI 2 or serial number is exactly `identifier`. */
export function unitsByIdentifier(store: Store, companyId: number, identifier: string): LookedUpUnit[] {
  return prepared<[number, string], UnitSaleRow>(
    store,
    `${UNIT_SALE} where u.id in (select item_spec_id from item_identifiers where company_id = ? and identifier = ?) order by u.id`,
  )
    .all(companyId, identifier.trim())
    .map(toLookedUpUnit);
}
