/**
 * Which sale sold a serialised unit, found by its IMEI or serial number, on PostgreSQL, as
 * SQLite's (store/sqlite/unit-sale.repository.ts): the company's units whose IMEI 1, IMEI 2 or
 * serial number is exactly the identifier, each with the sale that sold it.
 */
import type pg from 'pg';
import type { LookedUpUnit } from '../../contract/unit-lookup.js';
import { toLookedUpUnit, UNIT_SALE, type UnitSaleRow } from '../unit-sale-query.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

/** A unit row read from PostgreSQL (its integers as numbers) as the look-up's record. */
export function lookedUpUnitOf(raw: Record<string, unknown>): LookedUpUnit {
  return toLookedUpUnit(numbersOf<UnitSaleRow>(raw));
}

export async function unitsByIdentifierOnPostgres(pool: pg.Pool, companyId: number, identifier: string): Promise<LookedUpUnit[]> {
  return inTransaction(pool, async (client) => {
    const result = await client.query(
      `${UNIT_SALE} where u.id in (select item_spec_id from item_identifiers where company_id = $1 and identifier = $2) order by u.id`,
      [companyId, identifier.trim()],
    );
    return result.rows.map((row) => lookedUpUnitOf(row as Record<string, unknown>));
  });
}
