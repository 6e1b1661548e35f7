/**
 * The Baobab Court fixture replayed in memory with the domain's own rules (no database):
 * events in date order through TenancyLedger, then each month's totals summed the way the
 * reports define them. Domain tests compare the result with the figures worked by hand.
 */
import { monthRange, parseLocalDateTime, type MonthRange } from '../../src/domain/month-range.js';
import { toCents } from '../../src/domain/money.js';
import { ZERO_TOTALS, type LedgerTotals, type PaidBalanceFigures } from '../../src/domain/paid-balance.js';
import { TenancyLedger, type Allocation, type ChargeKind } from '../../src/domain/receipt-allocation.js';
import * as fx from '../fixtures/baobab-court.js';

export interface LedgerCharge {
  kind: ChargeKind;
  serviceId: number | null;
  date: number;
  amount: number;
  tax: number;
}

export interface LedgerPayment extends Allocation {
  receiptDate: number;
}

export interface ReplayedTenancy {
  key: fx.TenancyKey;
  unitNo: string;
  tenantName: string;
  from: number;
  to: number | null;
  charges: LedgerCharge[];
  payments: LedgerPayment[];
}

/** Service ids of the fixture (the in-memory ones; a store gives its own). */
export const SERVICE_IDS: Record<string, number> = { 'Service charge': 1, Water: 2 };

export function replayFixture(): ReplayedTenancy[] {
  const zone = fx.FIXTURE_TIME_ZONE;
  let nextChargeId = 1;
  return fx.tenancies.map((t) => {
    const tenant = fx.tenants.find((x) => x.account === t.account)!;
    const events: { date: number; order: number; run: (ledger: TenancyLedger, replayed: ReplayedTenancy) => void }[] = [];
    for (const c of fx.charges.filter((x) => x.tenancy === t.key)) {
      const [year, month] = c.month.split('-').map(Number) as [number, number];
      const date = monthRange(year, month, zone).from;
      const charge: LedgerCharge = {
        kind: c.kind,
        serviceId: c.service ? SERVICE_IDS[c.service]! : null,
        date,
        amount: toCents(c.amount),
        tax: toCents(c.tax),
      };
      const chargeId = nextChargeId++;
      events.push({
        date,
        order: 0,
        run: (ledger, replayed) => {
          replayed.charges.push(charge);
          ledger.raise({ chargeId, kind: charge.kind, chargeDate: date, serviceId: charge.serviceId, amountDue: charge.amount, taxDue: charge.tax });
        },
      });
    }
    for (const r of fx.receipts.filter((x) => x.tenancy === t.key)) {
      const date = parseLocalDateTime(r.date, zone)!;
      events.push({
        date,
        order: 1,
        run: (ledger, replayed) => {
          for (const a of ledger.receive(toCents(r.amount), date)) replayed.payments.push({ ...a, receiptDate: date });
        },
      });
    }
    const replayed: ReplayedTenancy = {
      key: t.key,
      unitNo: t.unitNo,
      tenantName: tenant.name,
      from: parseLocalDateTime(t.from, zone)!,
      to: t.to ? parseLocalDateTime(t.to, zone)! + 86_400_000 - 1 : null,
      charges: [],
      payments: [],
    };
    const ledger = new TenancyLedger();
    for (const event of events.sort((a, b) => a.date - b.date || a.order - b.order)) event.run(ledger, replayed);
    return replayed;
  });
}

/** The month's ledger totals of one tenancy, as the report defines them. */
export function totalsFor(t: ReplayedTenancy, range: MonthRange, serviceId?: number): LedgerTotals {
  const totals: LedgerTotals = { ...ZERO_TOTALS };
  const serviceMatches = (id: number | null) => serviceId === undefined || id === serviceId;
  for (const c of t.charges) {
    if (c.date > range.to) continue;
    const now = c.date >= range.from;
    if (c.kind === 'rent') {
      if (now) {
        totals.rentWoTax += c.amount;
        totals.rentTax += c.tax;
      } else {
        totals.rentWoTaxPrev += c.amount;
        totals.rentTaxPrev += c.tax;
      }
    } else if (c.kind === 'service') {
      if (!serviceMatches(c.serviceId)) continue;
      if (now) {
        totals.srvcWoTax += c.amount;
        totals.srvcTax += c.tax;
      } else {
        totals.srvcWoTaxPrev += c.amount;
        totals.srvcTaxPrev += c.tax;
      }
    } else if (now) totals.odnsCharged += c.amount + c.tax;
    else totals.odnsChargedPrev += c.amount + c.tax;
  }
  for (const p of t.payments) {
    if (p.receiptDate > range.to) continue;
    const now = p.receiptDate >= range.from;
    switch (p.part) {
      case 'rent':
        if (now) totals.paidRent += p.amount;
        else totals.paidRentPrev += p.amount;
        break;
      case 'rent_tax':
        if (now) totals.paidRentTax += p.amount;
        else totals.paidRentPrev += p.amount;
        break;
      case 'service':
      case 'service_tax':
        if (!serviceMatches(p.serviceId)) break;
        if (!now) totals.paidSrvcPrev += p.amount;
        else if (p.part === 'service') totals.paidSrvc += p.amount;
        else totals.paidSrvcTax += p.amount;
        break;
      case 'other':
        if (now) {
          totals.odnsPaid += p.amount;
          if ((p.chargeDate ?? 0) < range.from) totals.odnsPaidArrears += p.amount;
        } else totals.odnsPaidPrev += p.amount;
        break;
    }
  }
  return totals;
}

export function activeIn(t: ReplayedTenancy, range: MonthRange): boolean {
  return t.from <= range.to && (t.to === null || t.to >= range.from);
}

/** Domain figures (cents) named and scaled as a paid-and-balance row's money fields. */
export function asRowFigures(f: PaidBalanceFigures): Record<string, number> {
  const s = (cents: number) => cents / 100;
  return {
    rentWoTax: s(f.rentWoTax),
    rentTax: s(f.rentTax),
    srvcWoTax: s(f.srvcWoTax),
    srvcTax: s(f.srvcTax),
    paidRent: s(f.paidRent),
    paidRentTax: s(f.paidRentTax),
    paidSrvc: s(f.paidSrvc),
    paidSrvcTax: s(f.paidSrvcTax),
    rentWoTaxPrev: s(f.rentWoTaxPrev),
    srvcWoTaxPrev: s(f.srvcWoTaxPrev),
    rentTaxPrev: s(f.rentTaxPrev),
    srvcTaxPrev: s(f.srvcTaxPrev),
    paidRentPrev: s(f.paidRentPrev),
    paidSrvcPrev: s(f.paidSrvcPrev),
    rentBalBf: s(f.rentBalBf),
    srvcBalBf: s(f.srvcBalBf),
    totalBf: s(f.totalBf),
    rentBalCf: s(f.rentBalCf),
    srvcBalCf: s(f.srvcBalCf),
    totalCf: s(f.totalCf),
    odnsTotalUnitCost: s(f.odnsCharged),
    odnsPaidItAmount: s(f.odnsPaid),
    odnsBalBf: s(f.odnsBalBf),
    odnsPaidArrears: s(f.odnsPaidArrears),
  };
}

/** An expected row's figures with every unnamed money field 0. */
export function fullExpected(row: fx.ExpectedRow): Record<string, number> {
  return Object.fromEntries(fx.ROW_MONEY_FIELDS.map((field) => [field, row.figures[field] ?? 0]));
}
