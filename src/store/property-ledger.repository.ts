/**
 * The tenancy ledger: the monthly aggregates the reports are built from, and the writes of
 * charges, receipts and their allocations.
 *
 * The reports are set-based: one query lists the report's rows (units with the tenancies
 * active in the month), one aggregates charges and one aggregates allocations per tenancy,
 * over "in the month" and "before the month" at once, through the covering ledger indexes.
 */
import type { LedgerTotals } from '../domain/paid-balance.js';
import type { Allocation, ChargeKind, ChargeWithPayments } from '../domain/receipt-allocation.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

export interface LedgerScope {
  companyId: number;
  zoneId?: number | undefined;
  fieldOfficerId?: number | undefined;
  propertyId?: number | undefined;
  /** First and last millisecond of the month. */
  from: number;
  to: number;
  /** Restricts service figures to this service (pay advice with SERVICE_CHARGE_ONLY). */
  serviceId?: number | undefined;
}

interface ScopeParameters {
  companyId: number;
  zoneId: number | null;
  fieldOfficerId: number | null;
  propertyId: number | null;
  from: number;
  to: number;
  serviceId: number | null;
}

function parameters(scope: LedgerScope): ScopeParameters {
  return {
    companyId: scope.companyId,
    zoneId: scope.zoneId ?? null,
    fieldOfficerId: scope.fieldOfficerId ?? null,
    propertyId: scope.propertyId ?? null,
    from: scope.from,
    to: scope.to,
    serviceId: scope.serviceId ?? null,
  };
}

const PROPERTY_FILTER = `p.company_id = @companyId
  and (@zoneId is null or p.zone_id = @zoneId)
  and (@fieldOfficerId is null or p.field_officer_id = @fieldOfficerId)
  and (@propertyId is null or p.id = @propertyId)`;

const ACTIVE = `t.start_date <= @to and (t.end_date is null or t.end_date >= @from)`;

const ACTIVE_TENANCIES = `with active as (
  select t.id from properties p
    join units u on u.property_id = p.id
    join tenancies t on t.unit_id = u.id
   where ${PROPERTY_FILTER} and ${ACTIVE}
)`;

export interface ReportRowSource {
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNo: string;
  marketRentCents: number;
  /** null: the unit had no tenancy in the month. */
  tenancyId: number | null;
  tenancyStart: number | null;
  tenantAccount: string | null;
  tenantName: string | null;
  tenantPhone: string | null;
}

/** Every unit in scope with each tenancy active in the month (a vacant unit comes once, tenancy null). */
export function reportRows(store: Store, scope: LedgerScope): ReportRowSource[] {
  return prepared<[ScopeParameters], ReportRowSource>(
    store,
    `select p.id as propertyId, p.name as propertyName, u.id as unitId, u.unit_no as unitNo,
            u.market_rent_cents as marketRentCents, t.id as tenancyId, t.start_date as tenancyStart,
            tn.account_no as tenantAccount, tn.name as tenantName, tn.phone as tenantPhone
       from properties p
       join units u on u.property_id = p.id
       left join tenancies t on t.unit_id = u.id and ${ACTIVE}
       left join tenants tn on tn.id = t.tenant_id
      where ${PROPERTY_FILTER}`,
  ).all(parameters(scope));
}

type ChargeTotals = Pick<LedgerTotals, 'rentWoTax' | 'rentTax' | 'srvcWoTax' | 'srvcTax' | 'rentWoTaxPrev' | 'rentTaxPrev' | 'srvcWoTaxPrev' | 'srvcTaxPrev' | 'odnsCharged' | 'odnsChargedPrev'>;
type PaidTotals = Pick<LedgerTotals, 'paidRent' | 'paidRentTax' | 'paidSrvc' | 'paidSrvcTax' | 'paidRentPrev' | 'paidSrvcPrev' | 'odnsPaid' | 'odnsPaidPrev' | 'odnsPaidArrears'>;

const SERVICE = `c.kind = 'service' and (@serviceId is null or c.service_id = @serviceId)`;

/** Charges per tenancy active in the month: in the month and before it. */
export function chargeTotals(store: Store, scope: LedgerScope): Map<number, ChargeTotals> {
  const rows = prepared<[ScopeParameters], ChargeTotals & { tenancyId: number }>(
    store,
    `${ACTIVE_TENANCIES}
     select c.tenancy_id as tenancyId,
       total(case when c.kind = 'rent' and c.charge_date >= @from then c.amount_cents end) as rentWoTax,
       total(case when c.kind = 'rent' and c.charge_date >= @from then c.tax_cents end) as rentTax,
       total(case when ${SERVICE} and c.charge_date >= @from then c.amount_cents end) as srvcWoTax,
       total(case when ${SERVICE} and c.charge_date >= @from then c.tax_cents end) as srvcTax,
       total(case when c.kind = 'rent' and c.charge_date < @from then c.amount_cents end) as rentWoTaxPrev,
       total(case when c.kind = 'rent' and c.charge_date < @from then c.tax_cents end) as rentTaxPrev,
       total(case when ${SERVICE} and c.charge_date < @from then c.amount_cents end) as srvcWoTaxPrev,
       total(case when ${SERVICE} and c.charge_date < @from then c.tax_cents end) as srvcTaxPrev,
       total(case when c.kind = 'other' and c.charge_date >= @from then c.amount_cents + c.tax_cents end) as odnsCharged,
       total(case when c.kind = 'other' and c.charge_date < @from then c.amount_cents + c.tax_cents end) as odnsChargedPrev
     from active a
     join charges c on c.tenancy_id = a.id and c.charge_date <= @to
     group by c.tenancy_id`,
  ).all(parameters(scope));
  return new Map(rows.map(({ tenancyId, ...totals }) => [tenancyId, totals]));
}

const PAID_SERVICE = `(@serviceId is null or r.service_id = @serviceId)`;

/** Receipts' allocations per tenancy active in the month: dated in the month and before it. */
export function paidTotals(store: Store, scope: LedgerScope): Map<number, PaidTotals> {
  const rows = prepared<[ScopeParameters], PaidTotals & { tenancyId: number }>(
    store,
    `${ACTIVE_TENANCIES}
     select r.tenancy_id as tenancyId,
       total(case when r.part = 'rent' and r.receipt_date >= @from then r.amount_cents end) as paidRent,
       total(case when r.part = 'rent_tax' and r.receipt_date >= @from then r.amount_cents end) as paidRentTax,
       total(case when r.part = 'service' and ${PAID_SERVICE} and r.receipt_date >= @from then r.amount_cents end) as paidSrvc,
       total(case when r.part = 'service_tax' and ${PAID_SERVICE} and r.receipt_date >= @from then r.amount_cents end) as paidSrvcTax,
       total(case when r.part in ('rent', 'rent_tax') and r.receipt_date < @from then r.amount_cents end) as paidRentPrev,
       total(case when r.part in ('service', 'service_tax') and ${PAID_SERVICE} and r.receipt_date < @from then r.amount_cents end) as paidSrvcPrev,
       total(case when r.part = 'other' and r.receipt_date >= @from then r.amount_cents end) as odnsPaid,
       total(case when r.part = 'other' and r.receipt_date < @from then r.amount_cents end) as odnsPaidPrev,
       total(case when r.part = 'other' and r.receipt_date >= @from and r.charge_date < @from then r.amount_cents end) as odnsPaidArrears
     from active a
     join receipt_allocations r on r.tenancy_id = a.id and r.receipt_date <= @to
     group by r.tenancy_id`,
  ).all(parameters(scope));
  return new Map(rows.map(({ tenancyId, ...totals }) => [tenancyId, totals]));
}

export interface ExpenseRow {
  date: number;
  description: string;
  amount: number;
}

export function expensesInRange(store: Store, propertyId: number, from: number, to: number): ExpenseRow[] {
  return prepared<[number, number, number], ExpenseRow>(
    store,
    `select expense_date as date, description, amount_cents as amount
       from expenses where property_id = ? and expense_date between ? and ? order by expense_date, id`,
  ).all(propertyId, from, to);
}

/** A tenancy's charges with what has been allocated to each, and its advance received: the input of allocation. */
export function tenancyLedger(store: Store, tenancyId: number): { charges: ChargeWithPayments[]; advanceReceived: number } {
  const charges = prepared<[number], ChargeWithPayments>(
    store,
    `select c.id as chargeId, c.kind, c.charge_date as chargeDate, c.service_id as serviceId,
            c.amount_cents as amount, c.tax_cents as tax,
            coalesce((select sum(a.amount_cents) from receipt_allocations a
                       where a.charge_id = c.id and a.part in ('rent', 'service', 'other')), 0) as paidAmount,
            coalesce((select sum(a.amount_cents) from receipt_allocations a
                       where a.charge_id = c.id and a.part in ('rent_tax', 'service_tax')), 0) as paidTax
       from charges c where c.tenancy_id = ?`,
  ).all(tenancyId);
  const advance = prepared<[number], { total: number }>(
    store,
    'select total(amount_cents) as total from receipt_allocations where tenancy_id = ? and charge_id is null',
  ).get(tenancyId)!;
  return { charges, advanceReceived: advance.total };
}

export interface NewCharge {
  companyId: number;
  tenancyId: number;
  kind: ChargeKind;
  serviceId: number | null;
  monthKey: number;
  chargeDate: number;
  amount: number;
  tax: number;
  description: string | null;
}

export function insertCharge(store: Store, c: NewCharge): number {
  return Number(
    prepared(
      store,
      `insert into charges (company_id, tenancy_id, kind, service_id, month_key, charge_date, amount_cents, tax_cents, description)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(c.companyId, c.tenancyId, c.kind, c.serviceId, c.monthKey, c.chargeDate, c.amount, c.tax, c.description).lastInsertRowid,
  );
}

export interface NewReceipt {
  companyId: number;
  tenancyId: number;
  date: number;
  amount: number;
  reference: string | null;
}

/** Inserts a receipt and its allocations (the caller's transaction makes them one). */
export function insertReceipt(store: Store, receipt: NewReceipt, allocations: readonly Allocation[]): number {
  const receiptId = Number(
    prepared(store, 'insert into receipts (company_id, tenancy_id, receipt_date, amount_cents, reference) values (?, ?, ?, ?, ?)').run(
      receipt.companyId,
      receipt.tenancyId,
      receipt.date,
      receipt.amount,
      receipt.reference,
    ).lastInsertRowid,
  );
  const insert = prepared(
    store,
    `insert into receipt_allocations (receipt_id, tenancy_id, receipt_date, charge_id, charge_date, service_id, part, amount_cents)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of allocations) {
    insert.run(receiptId, receipt.tenancyId, receipt.date, a.chargeId, a.chargeDate, a.serviceId, a.part, a.amount);
  }
  return receiptId;
}
