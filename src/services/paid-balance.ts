/**
 * Tenant paid and balance (interface 4.5): one row per tenancy active in the month and one
 * per vacant unit, ordered by property then unit number in natural order.
 */
import type { PaidBalanceRow } from '../contract/paid-balance.js';
import { compareNaturalKeys, naturalKey, type NaturalKey } from '../domain/natural-order.js';
import { paidBalanceFigures, vacantFigures, ZERO_TOTALS, type PaidBalanceFigures } from '../domain/paid-balance.js';
import { chargeTotals, paidTotals, reportRows, type LedgerScope, type ReportRowSource } from '../store/property-ledger.repository.js';
import type { Store } from '../store/open-db.js';
import { companyOrThrow, reportMonth, type Clock } from './report-month.js';

export const VACANT = 'VACANT';

export interface LedgerLine {
  source: ReportRowSource;
  vacant: boolean;
  figures: PaidBalanceFigures;
}

interface SortableRow {
  row: ReportRowSource;
  property: NaturalKey;
  unit: NaturalKey;
}

function compareRows(x: SortableRow, y: SortableRow): number {
  const a = x.row;
  const b = y.row;
  return (
    compareNaturalKeys(x.property, y.property) ||
    a.propertyId - b.propertyId ||
    compareNaturalKeys(x.unit, y.unit) ||
    a.unitId - b.unitId ||
    (a.tenancyStart ?? 0) - (b.tenancyStart ?? 0) ||
    (a.tenancyId ?? 0) - (b.tenancyId ?? 0)
  );
}

/** Property name, then unit number in natural order (A2 before A10), then tenancy start. */
function inReportOrder(rows: ReportRowSource[]): ReportRowSource[] {
  const keys = new Map<string, NaturalKey>();
  const key = (text: string) => keys.get(text) ?? keys.set(text, naturalKey(text)).get(text)!;
  return rows
    .map((row) => ({ row, property: key(row.propertyName), unit: key(row.unitNo) }))
    .sort(compareRows)
    .map((sortable) => sortable.row);
}

/** The report's lines with their figures (cents), in report order: three set-based queries. */
export function ledgerLines(store: Store, scope: LedgerScope): LedgerLine[] {
  const rows = inReportOrder(reportRows(store, scope));
  const charges = chargeTotals(store, scope);
  const paid = paidTotals(store, scope);
  return rows.map((source) => {
    if (source.tenancyId === null) return { source, vacant: true, figures: vacantFigures() };
    const totals = { ...ZERO_TOTALS, ...charges.get(source.tenancyId), ...paid.get(source.tenancyId) };
    return { source, vacant: false, figures: paidBalanceFigures(totals) };
  });
}

export interface PaidBalanceRequest {
  companyId: number;
  zoneId?: number | undefined;
  fieldOfficerId?: number | undefined;
  propertyId?: number | undefined;
  month?: number | undefined;
  year?: number | undefined;
}

export function paidBalanceReport(store: Store, request: PaidBalanceRequest, clock: Clock = Date.now): PaidBalanceRow[] {
  const company = companyOrThrow(store, request.companyId);
  const range = reportMonth(company, request.month, request.year, clock);
  const lines = ledgerLines(store, {
    companyId: request.companyId,
    zoneId: request.zoneId,
    fieldOfficerId: request.fieldOfficerId,
    propertyId: request.propertyId,
    from: range.from,
    to: range.to,
  });
  return lines.map(toPaidBalanceRow);
}

/**
 * Cents to a wire amount on the hot path (40 amounts x 10k rows): an integer divided by 100 is
 * the double nearest the decimal amount, the same number fromCents gets by printing and parsing.
 */
const fromCents = (cents: number): number => cents / 100;

export function toPaidBalanceRow(line: LedgerLine): PaidBalanceRow {
  const { source, figures: f, vacant } = line;
  return {
    property: source.propertyName,
    unitNo: source.unitNo,
    tntAccount: vacant ? null : source.tenantAccount,
    phoneNo: vacant ? null : source.tenantPhone,
    tenant: vacant ? VACANT : source.tenantName,
    putmId: source.tenancyId,
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
    descr: null,
    expense: null,
    odnsTotalUnitCost: fromCents(f.odnsCharged),
    odnsPaidItAmount: fromCents(f.odnsPaid),
    odnsBalBf: fromCents(f.odnsBalBf),
    odnsPaidArrears: fromCents(f.odnsPaidArrears),
    stmtSection: 'RENT',
    vacant: vacant ? 1 : 0,
    occupied: vacant ? 0 : 1,
    id: null,
  };
}
