/**
 * Reads of the property area that several units share: the company's settings, a property and
 * a service as the pay advice needs them, a month's expenses and the statements a month's
 * advice depends on. Rows only: what they mean is the rules' (store/rules/, domain/).
 */
import type { ExpenseInput } from '../../domain/pay-advice.js';
import { companyOrThrow as companyAsRead } from '../rules/report-month.js';
import type { PropertyDetails, ServiceDetails } from '../rules/pay-advice-report.js';
import type { CompanyProfile, CompanySettings } from '../company-profile.js';
import type { StatementRow } from '../tables/statement-row.js';
import { sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

const SETTINGS_COLUMNS = 'id, name, time_zone as "timeZone", vat_rate_bp as "vatRateBp", address, phone, email';
const COMPANY_SETTINGS = sql(`select ${SETTINGS_COLUMNS} from companies where id = ?`);
const COMPANY_PROFILE = sql(`select ${SETTINGS_COLUMNS}, currency, tax_number as "taxNumber" from companies where id = ?`);

/**
 * The company as documents and the company commands present it (its currency and tax number
 * too). Reports and imports read only its settings (companyOrThrow): they do not depend on the
 * columns a later schema version added.
 */
export function findCompany(tx: Tx, companyId: number): Promise<CompanyProfile | undefined> {
  return tx.get<CompanyProfile>(COMPANY_PROFILE, [companyId]);
}

/** The settings of the company a report or an import is of, or a refusal (404) when there is none. */
export async function companyOrThrow(tx: Tx, companyId: number): Promise<CompanySettings> {
  return companyAsRead(await tx.get<CompanySettings>(COMPANY_SETTINGS, [companyId]), companyId);
}

const PROPERTY = sql(`select p.id, p.company_id as "companyId", p.code, p.name, p.lr_no as "lrNo", p.email,
         p.landlord_id as "landlordId", l.code as "landlordCode", l.name as "landlordName",
         p.zone_id as "zoneId", z.name as "zoneName", p.man_fee_rate_bp as "manFeeRateBp",
         p.lld_payment_type as "lldPaymentType"
    from properties p
    join landlords l on l.id = p.landlord_id
    left join zones z on z.id = p.zone_id
   where p.id = ?`);

export function findProperty(tx: Tx, propertyId: number): Promise<PropertyDetails | undefined> {
  return tx.get<PropertyDetails>(PROPERTY, [propertyId]);
}

const SERVICE = sql('select id, company_id as "companyId", name from services where id = ?');

export function findService(tx: Tx, serviceId: number): Promise<ServiceDetails | undefined> {
  return tx.get<ServiceDetails>(SERVICE, [serviceId]);
}

const EXPENSES = sql(`select expense_date as date, description, amount_cents as amount
    from expenses where property_id = ? and expense_date between ? and ?
   order by expense_date, description {bytewise}, amount_cents, id`);

/** A month's expenses in date order; on one date by description and amount, so the list never depends on import order. */
export function expensesInRange(tx: Tx, propertyId: number, from: number, to: number): Promise<ExpenseInput[]> {
  return tx.all<ExpenseInput>(EXPENSES, [propertyId, from, to]);
}

const STATEMENT = sql('select * from statements where id = ?');
const STATEMENT_LOCKED = sql('select * from statements where id = ? {for update}');

/** A statement's row; `lock` holds it until the unit ends (a workflow step). */
export function findStatement(tx: Tx, statementId: number, lock = false): Promise<StatementRow | undefined> {
  return tx.get<StatementRow>(lock ? STATEMENT_LOCKED : STATEMENT, [statementId]);
}

const FINAL_OF_MONTH = sql(`select id from statements where property_id = ? and month_key = ? and statement_type = 'FINAL'`);

export function finalStatementOf(tx: Tx, propertyId: number, monthKey: number): Promise<{ id: number } | undefined> {
  return tx.get<{ id: number }>(FINAL_OF_MONTH, [propertyId, monthKey]);
}

const LATER_FINAL = sql(`select id from statements where property_id = ? and month_key > ? and statement_type = 'FINAL' limit 1`);

/** A FINAL statement of the property for a month after monthKey, if any. */
export function laterFinalOf(tx: Tx, propertyId: number, monthKey: number): Promise<{ id: number } | undefined> {
  return tx.get<{ id: number }>(LATER_FINAL, [propertyId, monthKey]);
}

const LAST_FINAL_BALANCE = sql(`select balance_cf_cents as "balanceCf" from statements
   where property_id = ? and month_key < ? and statement_type = 'FINAL'
   order by month_key desc limit 1`);

/** The balance carried forward by the property's last FINAL statement of a month before monthKey. */
export async function lastFinalBalance(tx: Tx, propertyId: number, monthKey: number): Promise<number | undefined> {
  return (await tx.get<{ balanceCf: number }>(LAST_FINAL_BALANCE, [propertyId, monthKey]))?.balanceCf;
}
