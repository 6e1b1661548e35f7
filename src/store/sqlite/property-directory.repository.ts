/**
 * The zones, field officers, landlords and properties of one company (or of every company), with
 * what a person needs to tell them apart: counts of properties and units, the names behind a
 * property's ids. Read for pick lists and `shopprop local list`.
 */
import type { FieldOfficerEntry, LandlordEntry, PropertyEntry, PropertyReference, ZoneEntry } from '../../contract/property-reference.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import { type CompanyScope } from '../directory-store.js';

// `@company is null or company_id = @company`: one statement serves one company and all of them.
export function listZones(store: Store, companyId: CompanyScope): ZoneEntry[] {
  return prepared<{ company: CompanyScope }, ZoneEntry>(
    store,
    `select z.id, z.company_id as companyId, z.name, (select count(*) from properties p where p.zone_id = z.id) as properties
       from zones z where @company is null or z.company_id = @company order by z.company_id, z.name, z.id`,
  ).all({ company: companyId });
}

export function listFieldOfficers(store: Store, companyId: CompanyScope): FieldOfficerEntry[] {
  return prepared<{ company: CompanyScope }, FieldOfficerEntry>(
    store,
    `select f.id, f.company_id as companyId, f.name, f.phone, (select count(*) from properties p where p.field_officer_id = f.id) as properties
       from field_officers f where @company is null or f.company_id = @company order by f.company_id, f.name, f.id`,
  ).all({ company: companyId });
}

export function listLandlords(store: Store, companyId: CompanyScope): LandlordEntry[] {
  return prepared<{ company: CompanyScope }, LandlordEntry>(
    store,
    `select l.id, l.company_id as companyId, l.code, l.name, l.phone, l.email, (select count(*) from properties p where p.landlord_id = l.id) as properties
       from landlords l where @company is null or l.company_id = @company order by l.company_id, l.code, l.id`,
  ).all({ company: companyId });
}

export function listProperties(store: Store, companyId: CompanyScope): PropertyEntry[] {
  return prepared<{ company: CompanyScope }, PropertyEntry>(
    store,
    `select p.id, p.company_id as companyId, p.code, p.name, p.landlord_id as landlordId, l.name as landlord,
            p.zone_id as zoneId, z.name as zone, p.field_officer_id as fieldOfficerId, f.name as fieldOfficer,
            (select count(*) from units u where u.property_id = p.id) as units
       from properties p
       join landlords l on l.id = p.landlord_id
       left join zones z on z.id = p.zone_id
       left join field_officers f on f.id = p.field_officer_id
      where @company is null or p.company_id = @company
      order by p.company_id, p.code, p.id`,
  ).all({ company: companyId });
}

/** The four lists of one company, read in one transaction so that they agree with each other. */
export function readPropertyReference(store: Store, companyId: number): PropertyReference {
  return store.sqlite.transaction(() => ({
    zones: listZones(store, companyId),
    fieldOfficers: listFieldOfficers(store, companyId),
    landlords: listLandlords(store, companyId),
    properties: listProperties(store, companyId),
  }))();
}
