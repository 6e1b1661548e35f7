/**
 * The directory area of the store interface (directory-store.ts) on PostgreSQL: the rows of
 * `local list` and the property reference of the report pick lists, as SQLite's
 * (store/sqlite/property-directory.repository.ts, shop-directory.repository.ts): the same
 * fields, the same order, text ordered bytewise (collate "C") as SQLite orders it.
 */
import type pg from 'pg';
import type { PropertyReference } from '../../contract/property-reference.js';
import { noCompanyForList } from '../../services/local-list-rules.js';
import type { AccessStore } from '../access-store.js';
import type { CompanyScope, DirectoryStore } from '../directory-store.js';
import { numbersOf } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

// `$1::bigint is null or company_id = $1`: one statement serves one company and all of them.
const SCOPE = (alias: string) => `($1::bigint is null or ${alias}.company_id = $1)`;

const LISTS = {
  zones: `select z.id, z.company_id as "companyId", z.name, (select count(*) from properties p where p.zone_id = z.id) as properties
            from zones z where ${SCOPE('z')} order by z.company_id, z.name collate "C", z.id`,
  officers: `select f.id, f.company_id as "companyId", f.name, f.phone, (select count(*) from properties p where p.field_officer_id = f.id) as properties
               from field_officers f where ${SCOPE('f')} order by f.company_id, f.name collate "C", f.id`,
  landlords: `select l.id, l.company_id as "companyId", l.code, l.name, l.phone, l.email, (select count(*) from properties p where p.landlord_id = l.id) as properties
                from landlords l where ${SCOPE('l')} order by l.company_id, l.code collate "C", l.id`,
  properties: `select p.id, p.company_id as "companyId", p.code, p.name, p.landlord_id as "landlordId", l.name as landlord,
                      p.zone_id as "zoneId", z.name as zone, p.field_officer_id as "fieldOfficerId", f.name as "fieldOfficer",
                      (select count(*) from units u where u.property_id = p.id) as units
                 from properties p join landlords l on l.id = p.landlord_id
                 left join zones z on z.id = p.zone_id left join field_officers f on f.id = p.field_officer_id
                where ${SCOPE('p')} order by p.company_id, p.code collate "C", p.id`,
  shops: `select s.id, s.company_id as "companyId", s.name, s.location,
                 (select count(*) from item_specs u where u.shop_id = s.id and u.status = 'in_stock') as "unitsInStock"
            from retail_shops s where ${SCOPE('s')} order by s.company_id, s.id`,
  cashbooks: `select c.id, c.company_id as "companyId", c.code, c.name from cashbooks c where ${SCOPE('c')} order by c.company_id, c.code collate "C", c.id`,
  users: `select u.id, u.company_id as "companyId", u.name, u.role, u.username, u.email from users u where ${SCOPE('u')} order by u.company_id, u.id`,
} as const;

async function read(client: pg.PoolClient, kind: keyof typeof LISTS, companyId: CompanyScope): Promise<object[]> {
  return (await client.query(LISTS[kind], [companyId])).rows.map((row) => numbersOf<object>(row as Record<string, unknown>));
}

/** `tokens` are listed by the access area's own unit. */
export function postgresDirectoryStore(pool: pg.Pool, access: Pick<AccessStore, 'listTokens'>): DirectoryStore {
  return {
    localList: async (kind, companyId) => {
      if (companyId !== null) {
        const exists = await inTransaction(pool, async (client) => (await client.query('select 1 from companies where id = $1', [companyId])).rowCount === 1);
        if (!exists) throw noCompanyForList(companyId);
      }
      if (kind === 'tokens') return access.listTokens(companyId ?? undefined);
      return inTransaction(pool, (client) => read(client, kind, companyId));
    },
    propertyReference: (companyId) =>
      inTransaction(pool, async (client) => {
        // One REPEATABLE READ snapshot, so the four lists agree with each other.
        await client.query('set transaction isolation level repeatable read, read only');
        return {
          zones: await read(client, 'zones', companyId),
          fieldOfficers: await read(client, 'officers', companyId),
          landlords: await read(client, 'landlords', companyId),
          properties: await read(client, 'properties', companyId),
        } as PropertyReference;
      }),
  };
}
