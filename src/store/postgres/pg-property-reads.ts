/**
 * Reads of the property area on PostgreSQL: the company's settings, a property's details, the
 * month's ledger rows a report is built from (each tenancy's ledger_months row of the month or
 * its latest before it, as SQLite's property-ledger.repository.ts reads them), expenses and
 * statements. Rows only: what they mean is services/ and domain/.
 */
import { totalsOfMonth, WHOLE_TENANCY, type ReadMonthRow } from '../../domain/ledger-months.js';
import type { ExpenseInput } from '../../domain/pay-advice.js';
import type { PropertyDetails, ServiceDetails } from '../../services/pay-advice-report.js';
import type { LedgerRow, LedgerScope } from '../../services/paid-balance-report.js';
import type { CompanyProfile } from '../company-profile.js';
import type { StatementRow } from '../tables/statement-row.js';
import { rowOf, rowsOf, type Queryable } from './pg-rows.js';

export function findCompanyOnPostgres(client: Queryable, companyId: number): Promise<CompanyProfile | undefined> {
  return rowOf<CompanyProfile>(
    client,
    'select id, name, time_zone as "timeZone", vat_rate_bp as "vatRateBp", address, phone, email, currency, tax_number as "taxNumber" from companies where id = $1',
    [companyId],
  );
}

export function findPropertyOnPostgres(client: Queryable, propertyId: number): Promise<PropertyDetails | undefined> {
  return rowOf<PropertyDetails>(
    client,
    `select p.id, p.company_id as "companyId", p.code, p.name, p.lr_no as "lrNo", p.email,
            p.landlord_id as "landlordId", l.code as "landlordCode", l.name as "landlordName",
            p.zone_id as "zoneId", z.name as "zoneName", p.man_fee_rate_bp as "manFeeRateBp",
            p.lld_payment_type as "lldPaymentType"
       from properties p
       join landlords l on l.id = p.landlord_id
       left join zones z on z.id = p.zone_id
      where p.id = $1`,
    [propertyId],
  );
}

export function findServiceOnPostgres(client: Queryable, serviceId: number): Promise<ServiceDetails | undefined> {
  return rowOf<ServiceDetails>(client, 'select id, company_id as "companyId", name from services where id = $1', [serviceId]);
}

const MONTH_COLUMNS = [
  'month_key', 'rent_cents', 'rent_tax_cents', 'service_cents', 'service_tax_cents', 'other_cents',
  'paid_rent_cents', 'paid_rent_tax_cents', 'paid_service_cents', 'paid_service_tax_cents', 'paid_other_cents', 'paid_other_arrears_cents',
  'cum_rent_cents', 'cum_rent_tax_cents', 'cum_service_cents', 'cum_service_tax_cents', 'cum_other_cents',
  'cum_paid_rent_cents', 'cum_paid_service_cents', 'cum_paid_other_cents',
] as const;
type MonthColumn = (typeof MONTH_COLUMNS)[number];

/** The tenancy's ledger_months row of the month, or its latest before it, on service key `key`, its columns prefixed. */
const monthRow = (alias: string, key: string) => `left join lateral (
    select ${MONTH_COLUMNS.map((c) => `x.${c} as ${alias}_${c}`).join(', ')}
      from ledger_months x
     where x.tenancy_id = t.id and x.service_key = ${key} and x.month_key <= $5
     order by x.month_key desc limit 1) ${alias} on true`;

/*
 * $1 company, $2 zone, $3 field officer, $4 property (null: any), $5 month key, $6 and $7 the
 * month's first and last millisecond, $8 the service key.
 */
function reportSql(withService: boolean): string {
  return `select p.id as property_id, p.name as property_name, u.id as unit_id, u.unit_no, u.market_rent_cents,
         t.id as tenancy_id, t.start_date, t.end_date, tn.account_no, tn.name as tenant_name, tn.phone as tenant_phone,
         m.*${withService ? ', s.*' : ''}
    from properties p
    join units u on u.property_id = p.id
    left join tenancies t on t.unit_id = u.id
     and ((t.start_date <= $7 and (t.end_date is null or t.end_date >= $6))
          or exists (select 1 from ledger_months r
                      where r.tenancy_id = t.id and r.service_key = ${WHOLE_TENANCY} and r.month_key = $5
                        and r.paid_rent_cents + r.paid_rent_tax_cents + r.paid_service_cents + r.paid_service_tax_cents + r.paid_other_cents > 0))
    left join tenants tn on tn.id = t.tenant_id
    ${monthRow('m', String(WHOLE_TENANCY))}
    ${withService ? monthRow('s', '$8') : ''}
   where p.company_id = $1
     and ($2::bigint is null or p.zone_id = $2)
     and ($3::bigint is null or p.field_officer_id = $3)
     and ($4::bigint is null or p.id = $4)`;
}

type ReportRow = {
  property_id: number;
  property_name: string;
  unit_id: number;
  unit_no: string;
  market_rent_cents: number;
  tenancy_id: number | null;
  start_date: number | null;
  end_date: number | null;
  account_no: string | null;
  tenant_name: string | null;
  tenant_phone: string | null;
} & Record<string, number | string | null>;

/** The month row under `alias` (null: none); only the service's own figures when it is a service's row. */
function readMonthRow(r: ReportRow, alias: 'm' | 's'): ReadMonthRow | null {
  const value = (c: MonthColumn): number => (r[`${alias}_${c}`] as number | null) ?? 0;
  const whole = (c: MonthColumn): number => (alias === 'm' ? value(c) : 0);
  const key = r[`${alias}_month_key`];
  if (key === null || key === undefined) return null;
  return {
    monthKey: key as number,
    month: {
      rent: whole('rent_cents'),
      rentTax: whole('rent_tax_cents'),
      service: value('service_cents'),
      serviceTax: value('service_tax_cents'),
      other: whole('other_cents'),
      paidRent: whole('paid_rent_cents'),
      paidRentTax: whole('paid_rent_tax_cents'),
      paidService: value('paid_service_cents'),
      paidServiceTax: value('paid_service_tax_cents'),
      paidOther: whole('paid_other_cents'),
      paidOtherArrears: whole('paid_other_arrears_cents'),
    },
    running: {
      rent: whole('cum_rent_cents'),
      rentTax: whole('cum_rent_tax_cents'),
      service: value('cum_service_cents'),
      serviceTax: value('cum_service_tax_cents'),
      other: whole('cum_other_cents'),
      paidRent: whole('cum_paid_rent_cents'),
      paidService: value('cum_paid_service_cents'),
      paidOther: whole('cum_paid_other_cents'),
    },
  };
}

/** Every unit in scope with each tenancy active in the month or that received money in it, and the tenancy's totals of the month. */
export async function ledgerRowsOnPostgres(client: Queryable, scope: LedgerScope): Promise<LedgerRow[]> {
  const withService = scope.serviceId !== undefined;
  const values = [scope.companyId, scope.zoneId ?? null, scope.fieldOfficerId ?? null, scope.propertyId ?? null, scope.monthKey, scope.from, scope.to];
  const rows = await rowsOf<ReportRow>(client, reportSql(withService), withService ? [...values, scope.serviceId] : values);
  return rows.map((r) => {
    const whole = readMonthRow(r, 'm');
    return {
      source: {
        propertyId: r.property_id,
        propertyName: r.property_name,
        unitId: r.unit_id,
        unitNo: r.unit_no,
        marketRentCents: r.market_rent_cents,
        tenancyId: r.tenancy_id,
        tenancyStart: r.start_date,
        tenancyEnd: r.end_date,
        tenantAccount: r.account_no,
        tenantName: r.tenant_name,
        tenantPhone: r.tenant_phone,
      },
      totals: totalsOfMonth(scope.monthKey, whole, withService ? readMonthRow(r, 's') : whole),
    };
  });
}

/** A month's expenses in date order; on one date by description (bytewise, as SQLite compares) and amount. */
export function expensesOnPostgres(client: Queryable, propertyId: number, from: number, to: number): Promise<ExpenseInput[]> {
  return rowsOf<ExpenseInput>(
    client,
    `select expense_date as date, description, amount_cents as amount
       from expenses where property_id = $1 and expense_date between $2 and $3 order by expense_date, description collate "C", amount_cents, id`,
    [propertyId, from, to],
  );
}

export function findStatementOnPostgres(client: Queryable, statementId: number, forUpdate = false): Promise<StatementRow | undefined> {
  return rowOf<StatementRow>(client, `select * from statements where id = $1${forUpdate ? ' for update' : ''}`, [statementId]);
}

export function finalStatementOnPostgres(client: Queryable, propertyId: number, monthKey: number): Promise<{ id: number } | undefined> {
  return rowOf<{ id: number }>(client, `select id from statements where property_id = $1 and month_key = $2 and statement_type = 'FINAL'`, [propertyId, monthKey]);
}

export function laterFinalOnPostgres(client: Queryable, propertyId: number, monthKey: number): Promise<{ id: number } | undefined> {
  return rowOf<{ id: number }>(client, `select id from statements where property_id = $1 and month_key > $2 and statement_type = 'FINAL' limit 1`, [propertyId, monthKey]);
}

/** The balance carried forward by the property's last FINAL statement of a month before monthKey. */
export async function lastFinalBalanceOnPostgres(client: Queryable, propertyId: number, monthKey: number): Promise<number | undefined> {
  const row = await rowOf<{ balance_cf_cents: number }>(
    client,
    `select balance_cf_cents from statements where property_id = $1 and month_key < $2 and statement_type = 'FINAL' order by month_key desc limit 1`,
    [propertyId, monthKey],
  );
  return row?.balance_cf_cents;
}
