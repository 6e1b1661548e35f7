/**
 * What the M-Pesa units read: the company's paybill settings, the facts a payment is matched
 * by (tenants, units with their property codes, tenancies), and the receipts already booked
 * under a statement's codes (read in slices, so that a long statement binds no huge list).
 */
import { DEFAULT_ACCOUNT_FORMAT } from '../../domain/mpesa-account.js';
import type { MpesaSettings } from '../mpesa-store.js';
import type { BookedReceipt } from '../rules/ledger-import-plan.js';
import type { MatchTenancy, MatchTenant, MatchUnit, MpesaMatchFacts } from '../rules/mpesa-matching.js';
import { sql } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';
import { BOOKED_RECEIPTS_SQL, bookedByKey, type BookedReceiptRow } from './booked-receipts-query.js';

const SETTINGS = sql('select company_id as "companyId", url_secret as "urlSecret", account_format as "accountFormat" from mpesa_settings where company_id = ?');
const SHORT_CODES = sql('select short_code as "shortCode" from mpesa_short_codes where company_id = ? order by short_code {bytewise}');
const TENANTS = sql('select id, account_no as "accountNo", name, phone from tenants where company_id = ?');
const UNITS = sql(
  'select u.id, u.property_id as "propertyId", p.code as "propertyCode", u.unit_no as "unitNo" from units u join properties p on p.id = u.property_id where u.company_id = ?',
);
const TENANCIES = sql(
  'select id, unit_id as "unitId", tenant_id as "tenantId", start_date as "startDate", end_date as "endDate" from tenancies where company_id = ? order by start_date, id',
);

export async function readMpesaSettings(tx: Tx, companyId: number): Promise<MpesaSettings | undefined> {
  const row = await tx.get<Omit<MpesaSettings, 'shortCodes'>>(SETTINGS, [companyId]);
  if (!row) return undefined;
  const codes = await tx.all<{ shortCode: string }>(SHORT_CODES, [companyId]);
  return { ...row, shortCodes: codes.map((c) => c.shortCode) };
}

export async function readMatchFacts(tx: Tx, companyId: number): Promise<MpesaMatchFacts> {
  const settings = await tx.get<{ accountFormat: string }>(SETTINGS, [companyId]);
  return {
    accountFormat: settings?.accountFormat ?? DEFAULT_ACCOUNT_FORMAT,
    tenants: await tx.all<MatchTenant>(TENANTS, [companyId]),
    units: await tx.all<MatchUnit>(UNITS, [companyId]),
    tenancies: await tx.all<MatchTenancy>(TENANCIES, [companyId]),
  };
}

const SLICE = 5000;

/** The company's receipts booked under these reference keys, by key. */
export async function readBooked(tx: Tx, companyId: number, keys: readonly string[]): Promise<Map<string, BookedReceipt>> {
  const rows: BookedReceiptRow[] = [];
  for (let at = 0; at < keys.length; at += SLICE) {
    rows.push(...(await tx.all<BookedReceiptRow>(BOOKED_RECEIPTS_SQL, [companyId, JSON.stringify(keys.slice(at, at + SLICE))])));
  }
  return bookedByKey(rows);
}
