/**
 * Reference data of property management: who owns what (for the company checks every route
 * makes), company settings the reports need, and lookups by code for imports.
 */
import { BOOKED_RECEIPTS_SQL, bookedByKey, type BookedReceiptRow } from '../booked-receipts-query.js';
import { chargeKey, keyColumnOf, unitKey, type BookedReceipt, type KeyedTable, type TenancyKeyRow, type UnitKeyRow } from '../../services/ledger-import-plan.js';
import type { PropertyDetails } from '../../services/pay-advice-report.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import type { CompanySettings } from '../company-profile.js';

export function findCompany(store: Store, companyId: number): CompanySettings | undefined {
  return prepared<[number], CompanySettings>(
    store,
    'select id, name, time_zone as timeZone, vat_rate_bp as vatRateBp, address, phone, email from companies where id = ?',
  ).get(companyId);
}

export type { PropertyDetails, TenancyKeyRow, UnitKeyRow };

export function findProperty(store: Store, propertyId: number): PropertyDetails | undefined {
  return prepared<[number], PropertyDetails>(
    store,
    `select p.id, p.company_id as companyId, p.code, p.name, p.lr_no as lrNo, p.email,
            p.landlord_id as landlordId, l.code as landlordCode, l.name as landlordName,
            p.zone_id as zoneId, z.name as zoneName, p.man_fee_rate_bp as manFeeRateBp,
            p.lld_payment_type as lldPaymentType
       from properties p
       join landlords l on l.id = p.landlord_id
       left join zones z on z.id = p.zone_id
      where p.id = ?`,
  ).get(propertyId);
}

export function findService(store: Store, serviceId: number): { id: number; companyId: number; name: string } | undefined {
  return prepared<[number], { id: number; companyId: number; name: string }>(
    store,
    'select id, company_id as companyId, name from services where id = ?',
  ).get(serviceId);
}

/** Code/name -> id maps of one company, for resolving references in an import file. */
export function idsByKey(store: Store, table: KeyedTable, companyId: number): Map<string, number> {
  const key = keyColumnOf(table);
  const rows = prepared<[number], { key: string; id: number }>(store, `select ${key} as key, id from ${table} where company_id = ?`).all(companyId);
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Units of a company keyed by "propertyId/unitNo". */
export function unitsByKey(store: Store, companyId: number): Map<string, UnitKeyRow> {
  const rows = prepared<[number], UnitKeyRow>(
    store,
    `select id, property_id as propertyId, unit_no as unitNo, service_charge_cents as serviceChargeCents,
            service_id as serviceId, rent_tax_rate_bp as rentTaxRateBp, service_tax_rate_bp as serviceTaxRateBp,
            market_rent_cents as marketRentCents
       from units where company_id = ?`,
  ).all(companyId);
  return new Map(rows.map((r) => [unitKey(r.propertyId, r.unitNo), r]));
}

export function tenanciesOfCompany(store: Store, companyId: number): TenancyKeyRow[] {
  return prepared<[number], TenancyKeyRow>(
    store,
    'select id, unit_id as unitId, tenant_id as tenantId, start_date as startDate, end_date as endDate from tenancies where company_id = ? order by start_date, id',
  ).all(companyId);
}

/** The key (services/ledger-import-plan.ts chargeKey) of every rent and service charge of a company. */
export function chargeKeysOfCompany(store: Store, companyId: number): Set<string> {
  const rows = prepared<[number], [number, 'rent' | 'service', number | null, number]>(
    store,
    `select tenancy_id, kind, service_id, month_key from charges where company_id = ? and kind in ('rent', 'service')`,
  )
    .raw()
    .all(companyId);
  return new Set(rows.map(([tenancyId, kind, serviceId, month]) => chargeKey(tenancyId, kind, serviceId, month)));
}

/** The company's receipts booked under these payment reference keys, by key. */
export function bookedReceiptsOf(store: Store, companyId: number, keys: readonly string[]): Map<string, BookedReceipt> {
  if (keys.length === 0) return new Map();
  return bookedByKey(prepared<[number, string], BookedReceiptRow>(store, BOOKED_RECEIPTS_SQL.sqlite).all(companyId, JSON.stringify(keys)));
}

/** Inserts a row and returns its id. Column names are the caller's constants, never user input. */
export function insertRow(store: Store, table: string, row: Record<string, unknown>): number {
  const columns = Object.keys(row);
  const statement = prepared(store, `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
  return Number(statement.run(...Object.values(row)).lastInsertRowid);
}
