/**
 * The property-management ids an accountant picks from: zones, field officers, landlords and
 * properties of a company, each with what tells one from another (code, landlord, zone, officer,
 * how many properties or units). Served by the local server only
 * (GET /api/local/property-reference); a client talking to another server finds it missing (404)
 * and asks for ids instead. `shopprop local list` prints the same rows from the store.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './common.js';

export const PROPERTY_REFERENCE_PATH = '/api/local/property-reference';

export const PropertyReferenceQuery = Type.Object({ companyId: Id });
export type PropertyReferenceQuery = Static<typeof PropertyReferenceQuery>;

/** A zone (region): `properties` is how many properties are in it. */
export const ZoneEntry = Type.Object({ id: Id, companyId: Id, name: Type.String(), properties: Type.Integer({ minimum: 0 }) });

/** A field officer: `properties` is how many properties they look after. */
export const FieldOfficerEntry = Type.Object({
  id: Id,
  companyId: Id,
  name: Type.String(),
  phone: Nullable(Type.String()),
  properties: Type.Integer({ minimum: 0 }),
});

export const LandlordEntry = Type.Object({
  id: Id,
  companyId: Id,
  code: Type.String(),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  properties: Type.Integer({ minimum: 0 }),
});

/** A property with the names of its landlord, zone and officer; `units` is how many units it has. */
export const PropertyEntry = Type.Object({
  id: Id,
  companyId: Id,
  code: Type.String(),
  name: Type.String(),
  landlordId: Id,
  landlord: Type.String(),
  zoneId: Nullable(Id),
  zone: Nullable(Type.String()),
  fieldOfficerId: Nullable(Id),
  fieldOfficer: Nullable(Type.String()),
  units: Type.Integer({ minimum: 0 }),
});

/** Zones and officers in name order, landlords and properties in code order; ties by id. */
export const PropertyReference = Type.Object({
  zones: Type.Array(ZoneEntry),
  fieldOfficers: Type.Array(FieldOfficerEntry),
  landlords: Type.Array(LandlordEntry),
  properties: Type.Array(PropertyEntry),
});

export type ZoneEntry = Static<typeof ZoneEntry>;
export type FieldOfficerEntry = Static<typeof FieldOfficerEntry>;
export type LandlordEntry = Static<typeof LandlordEntry>;
export type PropertyEntry = Static<typeof PropertyEntry>;
export type PropertyReference = Static<typeof PropertyReference>;
