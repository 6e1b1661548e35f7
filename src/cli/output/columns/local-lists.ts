/**
 * Columns of `shopprop local list <kind>`: the id first, then what a person picks it by (code,
 * name) and what tells two alike apart (landlord, zone, officer, counts). Every row carries its
 * companyId; tables show it only when the list spans every company.
 */
import type { FieldOfficerEntry, LandlordEntry, PropertyEntry, ZoneEntry } from '../../../contract/property-reference.js';
import { columnSet, type ColumnSet } from './types.js';
import { type CashbookEntry, type LocalListKind, type ShopEntry, type UserEntry } from '../../../store/directory-store.js';
import { type TokenSummary } from '../../../store/access-store.js';

const zoneColumns = columnSet<ZoneEntry>(
  'zone',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'name', header: 'Zone', kind: 'text' },
    { key: 'properties', header: 'Properties', kind: 'integer' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
  ],
  ['id', 'name', 'properties'],
);

const officerColumns = columnSet<FieldOfficerEntry>(
  'field officer',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'name', header: 'Field officer', kind: 'text' },
    { key: 'phone', header: 'Phone', kind: 'text', whole: true },
    { key: 'properties', header: 'Properties', kind: 'integer' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
  ],
  ['id', 'name', 'phone', 'properties'],
);

const landlordColumns = columnSet<LandlordEntry>(
  'landlord',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'code', header: 'Code', kind: 'text' },
    { key: 'name', header: 'Landlord', kind: 'text' },
    { key: 'phone', header: 'Phone', kind: 'text', whole: true },
    { key: 'email', header: 'Email', kind: 'text' },
    { key: 'properties', header: 'Properties', kind: 'integer' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
  ],
  ['id', 'code', 'name', 'phone', 'email', 'properties'],
  // On 80 columns the e-mail goes first: the code and phone say who it is.
  ['id', 'code', 'name', 'phone', 'properties', 'email'],
);

const propertyColumns = columnSet<PropertyEntry>(
  'property',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'code', header: 'Code', kind: 'text' },
    { key: 'name', header: 'Property', kind: 'text' },
    { key: 'landlordId', header: 'Landlord id', kind: 'integer' },
    { key: 'landlord', header: 'Landlord', kind: 'text' },
    { key: 'zoneId', header: 'Zone id', kind: 'integer' },
    { key: 'zone', header: 'Zone', kind: 'text' },
    { key: 'fieldOfficerId', header: 'Officer id', kind: 'integer' },
    { key: 'fieldOfficer', header: 'Field officer', kind: 'text' },
    { key: 'units', header: 'Units', kind: 'integer' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
  ],
  ['id', 'code', 'name', 'landlord', 'zone', 'fieldOfficer', 'units'],
  ['id', 'code', 'name', 'landlord', 'units', 'zone', 'fieldOfficer'],
);

const shopColumns = columnSet<ShopEntry>(
  'shop',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'name', header: 'Shop', kind: 'text' },
    { key: 'location', header: 'Address', kind: 'text' },
    { key: 'phone', header: 'Phone', kind: 'text', whole: true },
    { key: 'unitsInStock', header: 'Units in stock', kind: 'integer' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
  ],
  ['id', 'name', 'location', 'phone', 'unitsInStock'],
);

const cashbookColumns = columnSet<CashbookEntry>(
  'cashbook',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'code', header: 'Code', kind: 'text' },
    { key: 'name', header: 'Cashbook', kind: 'text' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
  ],
  ['id', 'code', 'name'],
);

const userColumns = columnSet<UserEntry>(
  'user',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'name', header: 'User', kind: 'text' },
    { key: 'role', header: 'Role', kind: 'text' },
    { key: 'username', header: 'Login', kind: 'text' },
    { key: 'email', header: 'Email', kind: 'text' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
  ],
  ['id', 'name', 'role', 'username', 'email'],
);

export const tokenColumns = columnSet<TokenSummary>(
  'token',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'name', header: 'Name', kind: 'text' },
    { key: 'role', header: 'Role', kind: 'text' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
    { key: 'userId', header: 'User', kind: 'integer' },
    { key: 'createdAt', header: 'Created', kind: 'date' },
    { key: 'revokedAt', header: 'Revoked', kind: 'date' },
  ],
  ['id', 'name', 'role', 'companyId', 'createdAt', 'revokedAt'],
);

export const localListColumns: Record<LocalListKind, ColumnSet> = {
  zones: zoneColumns,
  officers: officerColumns,
  properties: propertyColumns,
  landlords: landlordColumns,
  shops: shopColumns,
  cashbooks: cashbookColumns,
  users: userColumns,
  tokens: tokenColumns,
};

/** The same columns with the company shown in tables too, right after the id (a list of every company). */
export function withCompanyInTables(set: ColumnSet): ColumnSet {
  const add = (fields: readonly string[]) => (fields.includes('companyId') ? fields : [fields[0]!, 'companyId', ...fields.slice(1)]);
  return {
    ...set,
    defaultTableFields: add(set.defaultTableFields),
    ...(set.tablePriority ? { tablePriority: add(set.tablePriority) } : {}),
  };
}
