/**
 * Tenant paid and balance (interface 4.5), assembled once for every backend from the rows the
 * backend read (LedgerRow: a unit, its tenancy, the tenancy's totals of the month): one row per
 * tenancy active in the month or that received money in it (arrears paid after leaving: an
 * ended tenancy's row says when it ended), and one per unit with no tenancy in the month,
 * ordered by property then unit number in natural order.
 */
import type { PaidBalanceRow } from '../../contract/paid-balance.js';
import { fromCents } from '../../domain/money.js';
import { dayText } from '../../domain/month-range.js';
import { naturalRanks } from '../../domain/natural-order.js';
import { paidBalanceFigures, vacantFigures, ZERO_TOTALS, type LedgerTotals, type PaidBalanceFigures } from '../../domain/paid-balance.js';

export const VACANT = 'VACANT';

/** What a report covers: a company's units, by zone, field officer or property, in one month. */
export interface LedgerScope {
  companyId: number;
  zoneId?: number | undefined;
  fieldOfficerId?: number | undefined;
  propertyId?: number | undefined;
  /** First and last millisecond of the month. */
  from: number;
  to: number;
  /** The same month as a key (202611). */
  monthKey: number;
  /** Restricts service figures to this service (pay advice with SERVICE_CHARGE_ONLY). */
  serviceId?: number | undefined;
}

export interface ReportRowSource {
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNo: string;
  marketRentCents: number;
  /** null: the unit had no tenancy in the month. */
  tenancyId: number | null;
  tenancyStart: number | null;
  /** The tenancy's last millisecond (null: still running). */
  tenancyEnd: number | null;
  tenantAccount: string | null;
  tenantName: string | null;
  tenantPhone: string | null;
}

/**
 * What a backend reads for a report: every unit in scope with each tenancy active in the month
 * or that received money in it (a unit with neither comes once, tenancy null), and the
 * tenancy's totals for the month (domain/ledger-months.ts totalsOfMonth), in any order.
 */
export interface LedgerRow {
  source: ReportRowSource;
  /** The tenancy's totals for the month (zeros for a vacant unit). */
  totals: LedgerTotals;
}

export interface LedgerLine {
  source: ReportRowSource;
  vacant: boolean;
  /** The tenancy ended before the month (its row is there for money received in it): its last day. */
  endedOn: string | null;
  figures: PaidBalanceFigures;
}

interface SortableRow {
  row: LedgerRow;
  property: number;
  unit: number;
}

function compareRows(x: SortableRow, y: SortableRow): number {
  const a = x.row.source;
  const b = y.row.source;
  return (
    x.property - y.property ||
    a.propertyId - b.propertyId ||
    x.unit - y.unit ||
    a.unitId - b.unitId ||
    (a.tenancyStart ?? 0) - (b.tenancyStart ?? 0) ||
    (a.tenancyId ?? 0) - (b.tenancyId ?? 0)
  );
}

/**
 * Property name, then unit number in natural order (A2 before A10), then tenancy start.
 * Names and unit numbers are ranked once; the rows then sort by integers.
 */
function inReportOrder(rows: LedgerRow[]): LedgerRow[] {
  const properties = naturalRanks(rows.map((r) => r.source.propertyName));
  const units = naturalRanks(rows.map((r) => r.source.unitNo));
  return rows
    .map((row): SortableRow => ({ row, property: properties.get(row.source.propertyName)!, unit: units.get(row.source.unitNo)! }))
    .sort(compareRows)
    .map((sortable) => sortable.row);
}

const endedBefore = (source: ReportRowSource, from: number): boolean => source.tenancyEnd !== null && source.tenancyEnd < from;

/**
 * A unit whose rows are all tenancies that ended before the month (there for money they paid
 * in it) had no tenancy in the month: it gets its vacant row as well.
 */
function withVacantUnits(rows: LedgerRow[], from: number): LedgerRow[] {
  const occupied = new Set<number>();
  const endedOnly = new Map<number, ReportRowSource>();
  for (const { source } of rows) {
    if (source.tenancyId === null || !endedBefore(source, from)) occupied.add(source.unitId);
    else endedOnly.set(source.unitId, source);
  }
  const vacant: LedgerRow[] = [];
  for (const [unitId, source] of endedOnly) {
    if (occupied.has(unitId)) continue;
    vacant.push({
      source: { ...source, tenancyId: null, tenancyStart: null, tenancyEnd: null, tenantAccount: null, tenantName: null, tenantPhone: null },
      totals: ZERO_TOTALS,
    });
  }
  return vacant.length === 0 ? rows : [...rows, ...vacant];
}

/** The report's lines with their figures (cents), in report order, from the rows a backend read. */
export function ledgerLines(rows: LedgerRow[], from: number, timeZone: string): LedgerLine[] {
  return inReportOrder(withVacantUnits(rows, from)).map(({ source, totals }) =>
    source.tenancyId === null
      ? { source, vacant: true, endedOn: null, figures: vacantFigures() }
      : { source, vacant: false, endedOn: endedBefore(source, from) ? dayText(source.tenancyEnd!, timeZone) : null, figures: paidBalanceFigures(totals) },
  );
}

export function toPaidBalanceRow(line: LedgerLine): PaidBalanceRow {
  const { source, figures: f, vacant, endedOn } = line;
  return {
    property: source.propertyName,
    unitNo: source.unitNo,
    // The interface's types: text and a number (a vacant unit has no tenant: "" and 0).
    tntAccount: source.tenantAccount ?? '',
    phoneNo: source.tenantPhone ?? '',
    tenant: vacant ? VACANT : source.tenantName,
    putmId: source.tenancyId ?? 0,
    marketRent: fromCents(source.marketRentCents),
    rentWoTax: fromCents(f.rentWoTax),
    rentTax: fromCents(f.rentTax),
    srvcWoTax: fromCents(f.srvcWoTax),
    srvcTax: fromCents(f.srvcTax),
    paidRent: fromCents(f.paidRent),
    paidRentTax: fromCents(f.paidRentTax),
    paidSrvc: fromCents(f.paidSrvc),
    paidSrvcTax: fromCents(f.paidSrvcTax),
    rentWoTaxPrev: fromCents(f.rentWoTaxPrev),
    srvcWoTaxPrev: fromCents(f.srvcWoTaxPrev),
    rentTaxPrev: fromCents(f.rentTaxPrev),
    srvcTaxPrev: fromCents(f.srvcTaxPrev),
    paidRentPrev: fromCents(f.paidRentPrev),
    paidSrvcPrev: fromCents(f.paidSrvcPrev),
    rentBalBf: fromCents(f.rentBalBf),
    srvcBalBf: fromCents(f.srvcBalBf),
    totalBf: fromCents(f.totalBf),
    rentBalCf: fromCents(f.rentBalCf),
    srvcBalCf: fromCents(f.srvcBalCf),
    totalCf: fromCents(f.totalCf),
    txnDate: null,
    txnRefNo: null,
    descr: endedOn === null ? null : `Tenancy ended ${endedOn}`,
    expense: null,
    odnsTotalUnitCost: fromCents(f.odnsCharged),
    odnsPaidItAmount: fromCents(f.odnsPaid),
    odnsBalBf: fromCents(f.odnsBalBf),
    odnsPaidArrears: fromCents(f.odnsPaidArrears),
    stmtSection: 'RENT',
    vacant: vacant ? 1 : 0,
    // A tenancy that ended before the month occupies nothing in it.
    occupied: vacant || endedOn !== null ? 0 : 1,
    id: null,
  };
}
