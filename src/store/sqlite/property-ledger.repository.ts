/**
 * The tenancy ledger: the month figures the reports are built from, and the writes of
 * charges, receipts and their allocations.
 *
 * A report is one query: the units in scope with each tenancy active in the month, and for
 * each tenancy its ledger_months row of the month, or its latest row before it (nothing was
 * charged or paid since). "Before the month" is that row's running total less its own month.
 * Measured at scale 100 (10k units, ~760k ledger rows): ~75 ms for the whole company under
 * load, ~5 ms a zone; summing the ledger itself took ~300 ms and ~40 ms.
 */
import { paymentReferenceKey } from '../../domain/payment-reference.js';
import { totalsOfMonth, type ReadMonthRow } from '../../domain/ledger-months.js';
import type { Allocation, ChargeKind, LedgerReceipt } from '../../domain/receipt-allocation.js';
import type { StoredCharge, TenancyEvents } from '../../services/ledger-allocation-plan.js';
import type { LedgerRow, LedgerScope } from '../../services/paid-balance-report.js';
import { addCharge, addReceipt, WHOLE_TENANCY } from './ledger-months.repository.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

interface ScopeParameters {
  companyId: number;
  zoneId: number | null;
  fieldOfficerId: number | null;
  propertyId: number | null;
  from: number;
  to: number;
  monthKey: number;
  serviceKey: number;
}

function parameters(scope: LedgerScope): ScopeParameters {
  return {
    companyId: scope.companyId,
    zoneId: scope.zoneId ?? null,
    fieldOfficerId: scope.fieldOfficerId ?? null,
    propertyId: scope.propertyId ?? null,
    from: scope.from,
    to: scope.to,
    monthKey: scope.monthKey,
    serviceKey: scope.serviceId ?? WHOLE_TENANCY,
  };
}

const PROPERTY_FILTER = `p.company_id = @companyId
  and (@zoneId is null or p.zone_id = @zoneId)
  and (@fieldOfficerId is null or p.field_officer_id = @fieldOfficerId)
  and (@propertyId is null or p.id = @propertyId)`;

const ACTIVE = `t.start_date <= @to and (t.end_date is null or t.end_date >= @from)`;

/** The tenancy received money in the month (its month row has paid figures): arrears paid after leaving count in it. */
const RECEIVED = `exists (select 1 from ledger_months r
                 where r.tenancy_id = t.id and r.service_key = ${WHOLE_TENANCY} and r.month_key = @monthKey
                   and r.paid_rent_cents + r.paid_rent_tax_cents + r.paid_service_cents + r.paid_service_tax_cents + r.paid_other_cents > 0)`;

/** The tenancy's ledger_months row of the month, or its latest before it, on service key `key`. */
const monthRow = (alias: string, key: string) => `left join ledger_months ${alias}
    on ${alias}.tenancy_id = t.id and ${alias}.service_key = ${key}
   and ${alias}.month_key = (select max(x.month_key) from ledger_months x
                              where x.tenancy_id = t.id and x.service_key = ${key} and x.month_key <= @monthKey)`;

const WHOLE_COLUMNS = [
  'month_key', 'rent_cents', 'rent_tax_cents', 'service_cents', 'service_tax_cents', 'other_cents',
  'paid_rent_cents', 'paid_rent_tax_cents', 'paid_service_cents', 'paid_service_tax_cents', 'paid_other_cents', 'paid_other_arrears_cents',
  'cum_rent_cents', 'cum_rent_tax_cents', 'cum_service_cents', 'cum_service_tax_cents', 'cum_other_cents',
  'cum_paid_rent_cents', 'cum_paid_service_cents', 'cum_paid_other_cents',
] as const;
const SERVICE_COLUMNS = ['month_key', 'service_cents', 'service_tax_cents', 'paid_service_cents', 'paid_service_tax_cents', 'cum_service_cents', 'cum_service_tax_cents', 'cum_paid_service_cents'] as const;

/*
 * The month row's columns come back as they are stored and are turned into the month's totals
 * in JS: thirty CASE expressions per row cost SQLite more than the whole join. The rows come
 * as one JSON text (json_group_array): handing ~30 values a row to JS one by one costs more
 * than SQLite writing them and JSON.parse reading them (~25% of the query at scale 100).
 * Property names come from a query of their own (one string per property, not per unit).
 */
function reportSql(withService: boolean): string {
  const columns = [
    'u.property_id', 'u.id', 'u.unit_no', 'u.market_rent_cents', 't.id', 't.start_date', 'tn.account_no', 'tn.name', 'tn.phone', 't.end_date',
    ...WHOLE_COLUMNS.map((c) => `m.${c}`),
    ...(withService ? SERVICE_COLUMNS.map((c) => `s.${c}`) : []),
  ];
  return `select json_group_array(json_array(${columns.join(', ')}))
  from properties p
  join units u on u.property_id = p.id
  left join tenancies t on t.unit_id = u.id and (${ACTIVE} or ${RECEIVED})
  left join tenants tn on tn.id = t.tenant_id
  ${monthRow('m', String(WHOLE_TENANCY))}
  ${withService ? monthRow('s', '@serviceKey') : ''}
 where ${PROPERTY_FILTER}`;
}

const PROPERTY_NAMES = `select p.id, p.name from properties p where ${PROPERTY_FILTER}`;

/** Offsets in a report row: the unit and tenancy (0 to 9), the whole tenancy's month row, the service's. */
const M = 10;
const S = M + WHOLE_COLUMNS.length;
const W = Object.fromEntries(WHOLE_COLUMNS.map((c, i) => [c, M + i])) as Record<(typeof WHOLE_COLUMNS)[number], number>;
type ServiceOffsets = Record<(typeof SERVICE_COLUMNS)[number], number>;
/** The service figures: the asked service's own row, or the whole tenancy's. */
const OWN_SERVICE = Object.fromEntries(SERVICE_COLUMNS.map((c, i) => [c, S + i])) as ServiceOffsets;
const WHOLE_SERVICE = Object.fromEntries(SERVICE_COLUMNS.map((c) => [c, W[c]])) as ServiceOffsets;

type RawRow = [number, number, string, number, number | null, number | null, string | null, string | null, string | null, number | null, ...(number | null)[]];

/** A stored amount. */
const amount = (r: RawRow, i: number): number => (r[i] as number | null) ?? 0;

/**
 * The month row at offsets `o` as stored (null: no row, nothing charged or paid yet). Only
 * reads: what the figures mean is domain/ledger-months.ts's totalsOfMonth. (No closures here:
 * it runs per row, and the bundle names every function it creates.)
 */
function readRow(r: RawRow, o: ServiceOffsets, whole: boolean): ReadMonthRow | null {
  const key = r[o.month_key];
  if (key === null || key === undefined) return null;
  return {
    monthKey: key as number,
    month: {
      rent: whole ? amount(r, W.rent_cents) : 0,
      rentTax: whole ? amount(r, W.rent_tax_cents) : 0,
      service: amount(r, o.service_cents),
      serviceTax: amount(r, o.service_tax_cents),
      other: whole ? amount(r, W.other_cents) : 0,
      paidRent: whole ? amount(r, W.paid_rent_cents) : 0,
      paidRentTax: whole ? amount(r, W.paid_rent_tax_cents) : 0,
      paidService: amount(r, o.paid_service_cents),
      paidServiceTax: amount(r, o.paid_service_tax_cents),
      paidOther: whole ? amount(r, W.paid_other_cents) : 0,
      paidOtherArrears: whole ? amount(r, W.paid_other_arrears_cents) : 0,
    },
    running: {
      rent: whole ? amount(r, W.cum_rent_cents) : 0,
      rentTax: whole ? amount(r, W.cum_rent_tax_cents) : 0,
      service: amount(r, o.cum_service_cents),
      serviceTax: amount(r, o.cum_service_tax_cents),
      other: whole ? amount(r, W.cum_other_cents) : 0,
      paidRent: whole ? amount(r, W.cum_paid_rent_cents) : 0,
      paidService: amount(r, o.cum_paid_service_cents),
      paidOther: whole ? amount(r, W.cum_paid_other_cents) : 0,
    },
  };
}

/**
 * Every unit in scope with each tenancy active in the month or that received money in it (a
 * unit with neither comes once, tenancy null) and the tenancy's totals for the month (10k rows
 * at scale 100). A unit whose only tenancy in the rows has ended is vacant too: the report adds
 * that row (services/paid-balance-report.ts).
 */
export function ledgerRows(store: Store, scope: LedgerScope): LedgerRow[] {
  const withService = scope.serviceId !== undefined;
  const params = parameters(scope);
  const names = new Map(prepared<[ScopeParameters], [number, string]>(store, PROPERTY_NAMES).raw().all(params));
  const rows = JSON.parse(prepared<[ScopeParameters], string>(store, reportSql(withService)).pluck().get(params)!) as RawRow[];
  return rows.map((r) => {
    const whole = readRow(r, WHOLE_SERVICE, true);
    return {
    source: {
      propertyId: r[0],
      propertyName: names.get(r[0])!,
      unitId: r[1],
      unitNo: r[2],
      marketRentCents: r[3],
      tenancyId: r[4],
      tenancyStart: r[5],
      tenantAccount: r[6],
      tenantName: r[7],
      tenantPhone: r[8],
      tenancyEnd: r[9],
    },
    totals: totalsOfMonth(scope.monthKey, whole, withService ? readRow(r, OWN_SERVICE, false) : whole),
    };
  });
}

export interface ExpenseRow {
  date: number;
  description: string;
  amount: number;
}

/** A month's expenses in date order; on one date by description and amount, so the list never depends on import order. */
export function expensesInRange(store: Store, propertyId: number, from: number, to: number): ExpenseRow[] {
  return prepared<[number, number, number], ExpenseRow>(
    store,
    `select expense_date as date, description, amount_cents as amount
       from expenses where property_id = ? and expense_date between ? and ? order by expense_date, description, amount_cents, id`,
  ).all(propertyId, from, to);
}

/** A tenancy's dated events as stored: every charge and every receipt (the input of allocation). */
export function tenancyEvents(store: Store, tenancyId: number): TenancyEvents {
  const charges = prepared<[number], StoredCharge>(
    store,
    `select id as chargeId, kind, charge_date as chargeDate, service_id as serviceId, month_key as monthKey,
            amount_cents as amount, tax_cents as tax
       from charges where tenancy_id = ?`,
  ).all(tenancyId);
  const receipts = prepared<[number], LedgerReceipt>(
    store,
    'select id as receiptId, receipt_date as date, amount_cents as amount from receipts where tenancy_id = ?',
  ).all(tenancyId);
  return { charges, receipts };
}

/** Removes a tenancy's allocations (before they are derived again from its events). */
export function deleteAllocations(store: Store, tenancyId: number): void {
  prepared(store, 'delete from receipt_allocations where tenancy_id = ?').run(tenancyId);
}

/** Writes a receipt's allocations. */
export function insertAllocations(store: Store, receipt: { receiptId: number; tenancyId: number; date: number }, allocations: readonly Allocation[]): void {
  const insert = prepared(
    store,
    `insert into receipt_allocations (receipt_id, tenancy_id, receipt_date, charge_id, charge_date, service_id, part, amount_cents)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of allocations) {
    insert.run(receipt.receiptId, receipt.tenancyId, receipt.date, a.chargeId, a.chargeDate, a.serviceId, a.part, a.amount);
  }
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

/** Inserts a charge and adds it to the month totals (the caller's transaction makes them one). */
export function insertCharge(store: Store, c: NewCharge): number {
  const chargeId = Number(
    prepared(
      store,
      `insert into charges (company_id, tenancy_id, kind, service_id, month_key, charge_date, amount_cents, tax_cents, description)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(c.companyId, c.tenancyId, c.kind, c.serviceId, c.monthKey, c.chargeDate, c.amount, c.tax, c.description).lastInsertRowid,
  );
  addCharge(store, c);
  return chargeId;
}

export interface NewReceipt {
  companyId: number;
  tenancyId: number;
  date: number;
  amount: number;
  reference: string | null;
  /** The date's month in the company's zone: its key (202611) and first millisecond. */
  monthKey: number;
  monthFrom: number;
}

/** Inserts a receipt row alone: its allocations are derived from the tenancy's events (services/ledger-allocation-plan.ts). */
export function insertReceiptRow(store: Store, receipt: Omit<NewReceipt, 'monthKey' | 'monthFrom'>): number {
  return Number(
    prepared(store, 'insert into receipts (company_id, tenancy_id, receipt_date, amount_cents, reference, reference_key) values (?, ?, ?, ?, ?, ?)').run(
      receipt.companyId,
      receipt.tenancyId,
      receipt.date,
      receipt.amount,
      receipt.reference,
      paymentReferenceKey(receipt.reference),
    ).lastInsertRowid,
  );
}

/** Inserts a receipt, its allocations and their month totals (the caller's transaction makes them one). */
export function insertReceipt(store: Store, receipt: NewReceipt, allocations: readonly Allocation[]): number {
  const receiptId = insertReceiptRow(store, receipt);
  insertAllocations(store, { receiptId, tenancyId: receipt.tenancyId, date: receipt.date }, allocations);
  addReceipt(store, { ...receipt, allocations });
  return receiptId;
}
