/**
 * A serialised unit found by its IMEI or serial number, sold or not, with the sale that sold it:
 * served by the local server only (GET /api/local/unit-lookup), so a cashier who types the IMEI
 * of a phone already sold is told which receipt sold it, when and by whom, rather than "No
 * results". Another server of the interface does not have it (404).
 */
import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id, Nullable } from './common.js';

export const UNIT_LOOKUP_PATH = '/api/local/unit-lookup';

export const UnitLookupQuery = Type.Object({
  companyId: Id,
  /** An IMEI or serial number, whole (no partial match). */
  identifier: Type.String({ minLength: 1, maxLength: 100 }),
});
export type UnitLookupQuery = Static<typeof UnitLookupQuery>;

export const UnitSale = Type.Object({
  saleId: Id,
  receiptNo: Type.String(),
  issueDate: EpochMs,
  soldBy: Nullable(Type.String()),
  shop: Nullable(Type.String()),
});

export const LookedUpUnit = Type.Object({
  id: Id,
  itemName: Type.String(),
  serialNo: Nullable(Type.String()),
  imei1: Nullable(Type.String()),
  imei2: Nullable(Type.String()),
  status: Type.String(),
  /** The sale that sold it; null while in stock. */
  sale: Nullable(UnitSale),
});
export type LookedUpUnit = Static<typeof LookedUpUnit>;

export const UnitLookupResponse = Type.Object({ list: Type.Array(LookedUpUnit) });
export type UnitLookupResponse = Static<typeof UnitLookupResponse>;
