/**
 * The reports' ledger totals summed from the ledger itself (charges and receipt allocations,
 * by date), as DOMAIN.md defines them: the reference the month totals table is checked against.
 * Plain and slow on purpose.
 */
import { ZERO_TOTALS, type LedgerTotals } from '../../src/domain/paid-balance.js';
import type { LedgerScope, ReportRowSource } from '../../src/store/rules/paid-balance-report.js';
import type { Store } from '../../src/store/sqlite/open-db.js';

/**
 * Every unit in scope with each tenancy active in the month or with a receipt dated in it
 * (a unit with neither once, tenancy null), as the report's rows' source.
 */
export function scannedRows(store: Store, scope: LedgerScope): ReportRowSource[] {
  return store.sqlite
    .prepare(
      `select p.id as propertyId, p.name as propertyName, u.id as unitId, u.unit_no as unitNo, u.market_rent_cents as marketRentCents,
              t.id as tenancyId, t.start_date as tenancyStart, tn.account_no as tenantAccount, tn.name as tenantName, tn.phone as tenantPhone, t.end_date as tenancyEnd
         from properties p join units u on u.property_id = p.id
         left join tenancies t on t.unit_id = u.id and (t.start_date <= @to and (t.end_date is null or t.end_date >= @from)
              or exists (select 1 from receipts r where r.tenancy_id = t.id and r.receipt_date between @from and @to))
         left join tenants tn on tn.id = t.tenant_id
        where p.company_id = @companyId and (@zoneId is null or p.zone_id = @zoneId) and (@propertyId is null or p.id = @propertyId)
          and (@fieldOfficerId is null or p.field_officer_id = @fieldOfficerId)
        order by u.id, t.id`,
    )
    .all({
      companyId: scope.companyId,
      zoneId: scope.zoneId ?? null,
      propertyId: scope.propertyId ?? null,
      fieldOfficerId: scope.fieldOfficerId ?? null,
      from: scope.from,
      to: scope.to,
    }) as ReportRowSource[];
}

/** One tenancy's totals for the month, summed from its charges and allocations. */
export function scannedTotals(store: Store, tenancyId: number, scope: Pick<LedgerScope, 'from' | 'to' | 'serviceId'>): LedgerTotals {
  const t: LedgerTotals = { ...ZERO_TOTALS };
  const charges = store.sqlite
    .prepare('select kind, service_id as serviceId, charge_date as date, amount_cents as amount, tax_cents as tax from charges where tenancy_id = ?')
    .all(tenancyId) as {
    kind: string;
    serviceId: number | null;
    date: number;
    amount: number;
    tax: number;
  }[];
  for (const c of charges) {
    if (c.date > scope.to) continue;
    const inMonth = c.date >= scope.from;
    if (c.kind === 'rent') {
      if (inMonth) {
        t.rentWoTax += c.amount;
        t.rentTax += c.tax;
      } else {
        t.rentWoTaxPrev += c.amount;
        t.rentTaxPrev += c.tax;
      }
    } else if (c.kind === 'service') {
      if (scope.serviceId !== undefined && c.serviceId !== scope.serviceId) continue;
      if (inMonth) {
        t.srvcWoTax += c.amount;
        t.srvcTax += c.tax;
      } else {
        t.srvcWoTaxPrev += c.amount;
        t.srvcTaxPrev += c.tax;
      }
    } else if (inMonth) t.odnsCharged += c.amount + c.tax;
    else t.odnsChargedPrev += c.amount + c.tax;
  }
  const paid = store.sqlite
    .prepare(
      'select part, service_id as serviceId, receipt_date as date, charge_date as chargeDate, amount_cents as amount from receipt_allocations where tenancy_id = ?',
    )
    .all(tenancyId) as { part: string; serviceId: number | null; date: number; chargeDate: number | null; amount: number }[];
  for (const a of paid) {
    if (a.date > scope.to) continue;
    const inMonth = a.date >= scope.from;
    if (a.part === 'rent' || a.part === 'rent_tax') {
      if (!inMonth) t.paidRentPrev += a.amount;
      else if (a.part === 'rent') t.paidRent += a.amount;
      else t.paidRentTax += a.amount;
    } else if (a.part === 'service' || a.part === 'service_tax') {
      if (scope.serviceId !== undefined && a.serviceId !== scope.serviceId) continue;
      if (!inMonth) t.paidSrvcPrev += a.amount;
      else if (a.part === 'service') t.paidSrvc += a.amount;
      else t.paidSrvcTax += a.amount;
    } else if (!inMonth) t.odnsPaidPrev += a.amount;
    else {
      t.odnsPaid += a.amount;
      if (a.chargeDate !== null && a.chargeDate < scope.from) t.odnsPaidArrears += a.amount;
    }
  }
  return t;
}
