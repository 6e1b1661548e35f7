/**
 * The directory area of the store interface (../directory-store.ts) on any engine: the rows of
 * `local list` and the property reference of the report pick lists, with what tells each apart
 * (counts of properties and units, the names behind a property's ids). Text is ordered bytewise
 * on both engines.
 */
import type { PropertyReference } from '../../contract/property-reference.js';
import { noCompanyForList } from '../rules/local-list-rules.js';
import type { AccessStore } from '../access-store.js';
import type { CompanyScope, DirectoryStore, LocalListKind } from '../directory-store.js';
import { sql, type Sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';

// `cast(? as bigint) is null or company_id = ?` (the company twice): one statement serves one company and all of them.
const scope = (alias: string) => `(cast(? as bigint) is null or ${alias}.company_id = ?)`;

const LISTS: Record<Exclude<LocalListKind, 'tokens'>, Sql> = {
  zones: sql(`select z.id, z.company_id as "companyId", z.name, (select count(*) from properties p where p.zone_id = z.id) as properties
    from zones z where ${scope('z')} order by z.company_id, z.name {bytewise}, z.id`),
  officers: sql(`select f.id, f.company_id as "companyId", f.name, f.phone, (select count(*) from properties p where p.field_officer_id = f.id) as properties
    from field_officers f where ${scope('f')} order by f.company_id, f.name {bytewise}, f.id`),
  landlords:
    sql(`select l.id, l.company_id as "companyId", l.code, l.name, l.phone, l.email, (select count(*) from properties p where p.landlord_id = l.id) as properties
    from landlords l where ${scope('l')} order by l.company_id, l.code {bytewise}, l.id`),
  properties: sql(`select p.id, p.company_id as "companyId", p.code, p.name, p.landlord_id as "landlordId", l.name as landlord,
         p.zone_id as "zoneId", z.name as zone, p.field_officer_id as "fieldOfficerId", f.name as "fieldOfficer",
         (select count(*) from units u where u.property_id = p.id) as units
    from properties p join landlords l on l.id = p.landlord_id
    left join zones z on z.id = p.zone_id left join field_officers f on f.id = p.field_officer_id
   where ${scope('p')} order by p.company_id, p.code {bytewise}, p.id`),
  shops: sql(`select s.id, s.company_id as "companyId", s.name, s.location, s.phone,
         (select count(*) from item_specs u where u.shop_id = s.id and u.status = 'in_stock') as "unitsInStock"
    from retail_shops s where ${scope('s')} order by s.company_id, s.id`),
  cashbooks: sql(
    `select c.id, c.company_id as "companyId", c.code, c.name from cashbooks c where ${scope('c')} order by c.company_id, c.code {bytewise}, c.id`,
  ),
  users: sql(`select u.id, u.company_id as "companyId", u.name, u.role, u.username, u.email from users u where ${scope('u')} order by u.company_id, u.id`),
};

const COMPANY = sql('select 1 as found from companies where id = ?');

function read(tx: Tx, kind: Exclude<LocalListKind, 'tokens'>, companyId: CompanyScope): Promise<object[]> {
  return tx.all<object>(LISTS[kind], [companyId, companyId]);
}

/** `tokens` are listed by the access area's own unit. */
export function directoryStoreOn(engine: Engine, access: Pick<AccessStore, 'listTokens'>): DirectoryStore {
  return {
    localList: async (kind, companyId) => {
      if (companyId !== null && !(await engine.unit('read', (tx) => tx.get(COMPANY, [companyId])))) throw noCompanyForList(companyId);
      if (kind === 'tokens') return access.listTokens(companyId ?? undefined);
      return engine.unit('read', (tx) => read(tx, kind, companyId));
    },
    // One snapshot, so the four lists agree with each other.
    propertyReference: (companyId) =>
      engine.unit(
        'read',
        async (tx) =>
          ({
            zones: await read(tx, 'zones', companyId),
            fieldOfficers: await read(tx, 'officers', companyId),
            landlords: await read(tx, 'landlords', companyId),
            properties: await read(tx, 'properties', companyId),
          }) as PropertyReference,
      ),
  };
}
