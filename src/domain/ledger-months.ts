/**
 * A tenancy's ledger summed by month (the rows of table ledger_months): what was charged and
 * paid in each month, per service key (0: the whole tenancy; a service's id: that service's
 * charges alone, for SERVICE_CHARGE_ONLY), and the running totals to each month's end.
 *
 * - a charge counts in the month it is for (its month key; its date is inside it);
 * - an allocation counts in the month of its receipt's date (company zone);
 * - paid to other dues charged before that month is also counted as their arrears paid;
 * - the running paid totals of rent and of service include their tax: the interface has no
 *   paid-tax-before fields, and rentBalBf = rentWoTaxPrev + rentTaxPrev - paidRentPrev.
 */
import type { Cents } from './money.js';
import type { LedgerTotals } from './paid-balance.js';
import type { Allocation, ChargeKind } from './receipt-allocation.js';

/** Service key of the whole tenancy's rows. */
export const WHOLE_TENANCY = 0;

export interface MonthFigures {
  rent: Cents;
  rentTax: Cents;
  service: Cents;
  serviceTax: Cents;
  /** Other dues with their tax. */
  other: Cents;
  paidRent: Cents;
  paidRentTax: Cents;
  paidService: Cents;
  paidServiceTax: Cents;
  paidOther: Cents;
  /** Paid to other dues charged before the month. */
  paidOtherArrears: Cents;
}

export const ZERO_MONTH: Readonly<MonthFigures> = Object.freeze({
  rent: 0,
  rentTax: 0,
  service: 0,
  serviceTax: 0,
  other: 0,
  paidRent: 0,
  paidRentTax: 0,
  paidService: 0,
  paidServiceTax: 0,
  paidOther: 0,
  paidOtherArrears: 0,
});

/** Running totals to a month's end. */
export interface RunningTotals {
  rent: Cents;
  rentTax: Cents;
  service: Cents;
  serviceTax: Cents;
  other: Cents;
  /** Rent and rent tax paid (and rent paid in advance). */
  paidRent: Cents;
  /** Service and service tax paid. */
  paidService: Cents;
  paidOther: Cents;
}

export interface MonthRow {
  serviceKey: number;
  monthKey: number;
  month: MonthFigures;
  running: RunningTotals;
}

export interface MonthCharge {
  kind: ChargeKind;
  serviceId: number | null;
  monthKey: number;
  amount: Cents;
  tax: Cents;
}

export interface MonthReceipt {
  /** The receipt date's month in the company's zone: its key and first millisecond. */
  monthKey: number;
  monthFrom: number;
  allocations: readonly Allocation[];
}

/** What one charge adds to its month: [service key, figures] for the whole tenancy and its service. */
export function chargeEntries(charge: MonthCharge): [number, Partial<MonthFigures>][] {
  if (charge.kind === 'rent') return [[WHOLE_TENANCY, { rent: charge.amount, rentTax: charge.tax }]];
  if (charge.kind === 'other') return [[WHOLE_TENANCY, { other: charge.amount + charge.tax }]];
  const amounts = { service: charge.amount, serviceTax: charge.tax };
  return charge.serviceId === null
    ? [[WHOLE_TENANCY, amounts]]
    : [
        [WHOLE_TENANCY, amounts],
        [charge.serviceId, amounts],
      ];
}

/** What one receipt's allocations add to its month, for the whole tenancy and for each service it paid. */
export function receiptEntries(receipt: MonthReceipt): [number, MonthFigures][] {
  const whole: MonthFigures = { ...ZERO_MONTH };
  const services = new Map<number, MonthFigures>();
  for (const a of receipt.allocations) {
    switch (a.part) {
      case 'rent':
        whole.paidRent += a.amount;
        break;
      case 'rent_tax':
        whole.paidRentTax += a.amount;
        break;
      case 'service':
      case 'service_tax': {
        const field = a.part === 'service' ? 'paidService' : 'paidServiceTax';
        whole[field] += a.amount;
        if (a.serviceId !== null) {
          const own = services.get(a.serviceId) ?? services.set(a.serviceId, { ...ZERO_MONTH }).get(a.serviceId)!;
          own[field] += a.amount;
        }
        break;
      }
      case 'other':
        whole.paidOther += a.amount;
        if (a.chargeDate !== null && a.chargeDate < receipt.monthFrom) whole.paidOtherArrears += a.amount;
        break;
    }
  }
  return [[WHOLE_TENANCY, whole], ...services];
}

/** The running totals a month's own figures add. */
export function runningOf(m: MonthFigures): RunningTotals {
  return {
    rent: m.rent,
    rentTax: m.rentTax,
    service: m.service,
    serviceTax: m.serviceTax,
    other: m.other,
    paidRent: m.paidRent + m.paidRentTax,
    paidService: m.paidService + m.paidServiceTax,
    paidOther: m.paidOther,
  };
}

/** Every month row of one tenancy, from its charges and its receipts' allocations. */
export function tenancyMonths(charges: readonly MonthCharge[], receipts: readonly MonthReceipt[]): MonthRow[] {
  const rows = new Map<string, MonthRow>();
  const add = (serviceKey: number, monthKey: number, figures: Partial<MonthFigures>) => {
    const id = `${serviceKey}/${monthKey}`;
    let row = rows.get(id);
    if (!row) {
      row = { serviceKey, monthKey, month: { ...ZERO_MONTH }, running: runningOf(ZERO_MONTH) };
      rows.set(id, row);
    }
    for (const [field, value] of Object.entries(figures) as [keyof MonthFigures, number][]) row.month[field] += value;
  };
  for (const charge of charges) for (const [key, figures] of chargeEntries(charge)) add(key, charge.monthKey, figures);
  for (const receipt of receipts) for (const [key, figures] of receiptEntries(receipt)) add(key, receipt.monthKey, figures);
  const ordered = [...rows.values()].sort((a, b) => a.serviceKey - b.serviceKey || a.monthKey - b.monthKey);
  let previous: MonthRow | undefined;
  for (const row of ordered) {
    const own = runningOf(row.month);
    const before = previous && previous.serviceKey === row.serviceKey ? previous.running : undefined;
    row.running = before
      ? {
          rent: before.rent + own.rent,
          rentTax: before.rentTax + own.rentTax,
          service: before.service + own.service,
          serviceTax: before.serviceTax + own.serviceTax,
          other: before.other + own.other,
          paidRent: before.paidRent + own.paidRent,
          paidService: before.paidService + own.paidService,
          paidOther: before.paidOther + own.paidOther,
        }
      : own;
    previous = row;
  }
  return ordered;
}

/** A tenancy's month row as a report reads it: of the month asked, or the latest before it. */
export interface ReadMonthRow {
  monthKey: number;
  month: MonthFigures;
  running: RunningTotals;
}

/**
 * A tenancy's totals for month `monthKey` (DOMAIN.md "Paid and balance") from its latest month
 * row up to that month (null: nothing charged or paid yet): the row's own figures when it is
 * of that month (otherwise nothing happened in it), and before the month its running totals
 * less its own month. Service figures come from `service`: the asked service's own row, or the
 * whole tenancy's.
 */
export function totalsOfMonth(monthKey: number, whole: ReadMonthRow | null, service: ReadMonthRow | null): LedgerTotals {
  const m = whole !== null && whole.monthKey === monthKey ? whole.month : ZERO_MONTH;
  const s = service !== null && service.monthKey === monthKey ? service.month : ZERO_MONTH;
  const w = whole?.running ?? ZERO_RUNNING;
  const sr = service?.running ?? ZERO_RUNNING;
  return {
    rentWoTax: m.rent,
    rentTax: m.rentTax,
    srvcWoTax: s.service,
    srvcTax: s.serviceTax,
    paidRent: m.paidRent,
    paidRentTax: m.paidRentTax,
    paidSrvc: s.paidService,
    paidSrvcTax: s.paidServiceTax,
    rentWoTaxPrev: w.rent - m.rent,
    rentTaxPrev: w.rentTax - m.rentTax,
    srvcWoTaxPrev: sr.service - s.service,
    srvcTaxPrev: sr.serviceTax - s.serviceTax,
    paidRentPrev: w.paidRent - m.paidRent - m.paidRentTax,
    paidSrvcPrev: sr.paidService - s.paidService - s.paidServiceTax,
    odnsCharged: m.other,
    odnsChargedPrev: w.other - m.other,
    odnsPaid: m.paidOther,
    odnsPaidPrev: w.paidOther - m.paidOther,
    odnsPaidArrears: m.paidOtherArrears,
  };
}

const ZERO_RUNNING: Readonly<RunningTotals> = Object.freeze(runningOf(ZERO_MONTH));
