/**
 * Random property ledgers for the generated-ledger tests: several properties, units with rent
 * and service charges with and without tax, tenancies starting and ending mid-month, receipts
 * that underpay, overpay, pay ahead, pay late, stop and pay after leaving, water bills,
 * expenses and FINAL and INTERIM statements, in several time zones. A ledger starts in January or
 * in the last quarter of a year, so most cross a year end, and some receipts are pinned to the
 * first and last minute of a month (the month boundary of the company's zone). Each ledger is
 * written as the CSV files of the ledger import, and its ledger rows can be cut into batches in
 * different ways.
 */
import fc from 'fast-check';
import type { LandlordPaymentType } from '../../src/contract/pay-advice.js';

/** The ledger's first month is of this year (January, October, November or December). */
export const LEDGER_YEAR = 2025;

export interface GenReceipt {
  /** Days after the tenancy's start (receipts may come after it ended). */
  afterStart: number;
  hour: number;
  cents: number;
  /** Moved to the last minute of its month ('end') or the first minute of the next ('start'). */
  edge: 'end' | 'start' | null;
}

export interface GenTenancy {
  /** Gap in days before it starts (after the unit's previous tenancy ended, or from 1 January). */
  gapDays: number;
  /** Length in days; null: still running. */
  days: number | null;
  water: boolean;
  receipts: GenReceipt[];
}

export interface GenUnit {
  rentCents: number;
  serviceCents: number;
  rentTax: 0 | 16;
  serviceTax: 0 | 16;
  tenancies: GenTenancy[];
}

export interface GenProperty {
  feeRate: number;
  paymentType: LandlordPaymentType;
  zone: string;
  officer: string;
  units: GenUnit[];
  expenses: { month: number; day: number; cents: number }[];
  /** Statements prepared after the imports, in month order: FINAL or INTERIM per month. */
  statements: ('FINAL' | 'INTERIM' | null)[];
}

export interface GenLedger {
  /** Calendar month (1-12) of LEDGER_YEAR that is the ledger's month 1. */
  startMonth: number;
  timeZone: string;
  vatPercent: number;
  months: number;
  properties: GenProperty[];
  /** Drives the shuffled batching. */
  shuffleSeed: number;
}

const ZONES = ['Africa/Nairobi', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'];

const receipt = fc.record({
  afterStart: fc.integer({ min: 0, max: 170 }),
  hour: fc.integer({ min: 0, max: 23 }),
  cents: fc.oneof(fc.integer({ min: 1, max: 6_000_000 }), fc.constantFrom(100_000, 116_000, 1_160, 50_000_00)),
  edge: fc.constantFrom<'end' | 'start' | null>(null, null, null, 'end', 'start'),
});

const tenancy = fc.record({
  gapDays: fc.integer({ min: 0, max: 60 }),
  days: fc.option(fc.integer({ min: 1, max: 120 }), { nil: null }),
  water: fc.boolean(),
  receipts: fc.array(receipt, { maxLength: 6 }),
});

const unit = fc.record({
  rentCents: fc.oneof(fc.integer({ min: 1_000_00, max: 40_000_00 }), fc.integer({ min: 1, max: 99_999_99 })),
  serviceCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_00 })),
  rentTax: fc.constantFrom(0 as const, 16 as const),
  serviceTax: fc.constantFrom(0 as const, 16 as const),
  tenancies: fc.array(tenancy, { maxLength: 3 }),
});

export function ledgerArbitrary(): fc.Arbitrary<GenLedger> {
  return fc.integer({ min: 3, max: 5 }).chain((months) =>
    fc.record({
      startMonth: fc.constantFrom(1, 10, 11, 12),
      timeZone: fc.constantFrom(...ZONES),
      vatPercent: fc.constantFrom(16, 0, 7.5),
      months: fc.constant(months),
      properties: fc.array(
        fc.record({
          feeRate: fc.constantFrom(10, 7.5, 12.25),
          paymentType: fc.constantFrom<LandlordPaymentType>('COMBINED', 'RENT_ONLY', 'SERVICE_CHARGE_ONLY'),
          zone: fc.constantFrom('North', 'South'),
          officer: fc.constantFrom('Achieng', 'Baraka'),
          units: fc.array(unit, { minLength: 1, maxLength: 3 }),
          expenses: fc.array(
            fc.record({ month: fc.integer({ min: 1, max: months }), day: fc.integer({ min: 1, max: 28 }), cents: fc.integer({ min: 1, max: 20_000_000 }) }),
            { maxLength: 3 },
          ),
          statements: fc.array(fc.constantFrom<'FINAL' | 'INTERIM' | null>('FINAL', 'INTERIM', null), { minLength: months, maxLength: months }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      shuffleSeed: fc.integer({ min: 1, max: 2 ** 30 }),
    }),
  );
}

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar year and month (1-12) of the ledger's month m (1: its first). */
export function calendarMonth(ledger: Pick<GenLedger, 'startMonth'>, m: number): { year: number; month: number } {
  const index = ledger.startMonth - 1 + m - 1;
  return { year: LEDGER_YEAR + Math.floor(index / 12), month: (index % 12) + 1 };
}
const amount = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100)}`;

export interface LedgerRow {
  /** Ledger month (1: the ledger's first) it belongs to, for the month-by-month batching. */
  month: number;
  line: Record<string, string>;
}

export interface LedgerFiles {
  reference: { kind: 'landlords' | 'properties' | 'units' | 'tenants' | 'tenancies'; rows: Record<string, string>[] }[];
  charges: LedgerRow[];
  receipts: LedgerRow[];
  expenses: LedgerRow[];
  /** Sum of every receipt, in cents. */
  receivedCents: number;
  propertyCodes: string[];
}

/** The ledger as import rows. Only days inside the ledger's months are used. */
export function ledgerFiles(ledger: GenLedger): LedgerFiles {
  // Days are offsets from the first day of the ledger's first month (UTC arithmetic on dates only).
  const first = Date.UTC(LEDGER_YEAR, ledger.startMonth - 1, 1);
  const dayOf = (offset: number) => new Date(first + offset * DAY);
  const dayText = (offset: number) => {
    const d = dayOf(offset);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  };
  const monthOfOffset = (offset: number) => {
    const d = dayOf(offset);
    return (d.getUTCFullYear() - LEDGER_YEAR) * 12 + d.getUTCMonth() + 1 - (ledger.startMonth - 1);
  };
  const monthText = (m: number) => {
    const { year, month } = calendarMonth(ledger, m);
    return `${year}-${pad(month)}`;
  };
  /** The first day of ledger month m as an offset. */
  const monthStart = (m: number) => {
    const { year, month } = calendarMonth(ledger, m);
    return Math.round((Date.UTC(year, month - 1, 1) - first) / DAY);
  };
  const lastDay = monthStart(ledger.months + 1) - 1;
  const landlords = [{ code: 'L1', name: 'Landlord one' }];
  const properties: Record<string, string>[] = [];
  const units: Record<string, string>[] = [];
  const tenants: Record<string, string>[] = [];
  const tenancies: Record<string, string>[] = [];
  const charges: LedgerRow[] = [];
  const receipts: LedgerRow[] = [];
  const expenses: LedgerRow[] = [];
  let receivedCents = 0;
  let tenantNo = 0;
  ledger.properties.forEach((p, pi) => {
    const code = `P${pi + 1}`;
    properties.push({
      code,
      name: `Property ${pi + 1}`,
      landlord_code: 'L1',
      zone: p.zone,
      field_officer: p.officer,
      man_fee_rate: String(p.feeRate),
      lld_payment_type: p.paymentType,
    });
    p.units.forEach((u, ui) => {
      const unitNo = `A${ui + 1}`;
      units.push({
        property_code: code,
        unit_no: unitNo,
        market_rent: amount(u.rentCents),
        service_charge: amount(u.serviceCents),
        rent_tax_rate: String(u.rentTax),
        service_tax_rate: String(u.serviceTax),
      });
      let free = 0;
      for (const t of u.tenancies) {
        const start = free + t.gapDays;
        if (start > lastDay) break;
        const end = t.days === null || start + t.days - 1 > lastDay ? null : start + t.days - 1;
        const account = `T${++tenantNo}`;
        tenants.push({ account_no: account, name: `Tenant ${tenantNo}`, phone: tenantNo % 3 === 0 ? '' : `+254 700 ${tenantNo}` });
        tenancies.push({ property_code: code, unit_no: unitNo, tenant_account: account, from: dayText(start), to: end === null ? '' : dayText(end) });
        const key = { property_code: code, unit_no: unitNo, tenant_account: account };
        for (let m = monthOfOffset(start); m <= (end === null ? ledger.months : monthOfOffset(end)); m++) {
          const month = monthText(m);
          charges.push({ month: m, line: { ...key, month, kind: 'rent', amount: amount(u.rentCents) } });
          if (u.serviceCents > 0) charges.push({ month: m, line: { ...key, month, kind: 'service', amount: amount(u.serviceCents) } });
          // Water is billed on the 10th, with no tax.
          if (t.water)
            charges.push({
              month: m,
              line: { ...key, month, kind: 'other', service: 'Water', amount: amount(1_000_00 + m * 1_11), tax: '0', date: `${month}-10` },
            });
        }
        for (const r of t.receipts) {
          let day = start + r.afterStart;
          let time = `${pad(r.hour)}:${pad((r.cents * 7) % 60)}`;
          // A month's last minute, or the next month's first (with that month's charges dated at it).
          if (r.edge === 'end') [day, time] = [monthStart(monthOfOffset(day) + 1) - 1, '23:59'];
          if (r.edge === 'start') [day, time] = [monthStart(monthOfOffset(day) + 1), '00:00'];
          if (day > lastDay) continue;
          receivedCents += r.cents;
          receipts.push({ month: monthOfOffset(day), line: { ...key, date: `${dayText(day)}T${time}`, amount: amount(r.cents) } });
        }
        free = end === null ? lastDay + 1 : end + 1;
      }
    });
    for (const e of p.expenses)
      expenses.push({
        month: e.month,
        line: { property_code: code, date: `${monthText(e.month)}-${pad(e.day)}`, description: 'Repairs', amount: amount(e.cents) },
      });
  });
  return {
    reference: [
      { kind: 'landlords', rows: landlords },
      { kind: 'properties', rows: properties },
      { kind: 'units', rows: units },
      { kind: 'tenants', rows: tenants },
      { kind: 'tenancies', rows: tenancies },
    ],
    charges,
    receipts,
    expenses,
    receivedCents,
    propertyCodes: properties.map((p) => p.code!),
  };
}

export type LedgerKind = 'charges' | 'receipts' | 'expenses';
export type Batch = { kind: LedgerKind; rows: Record<string, string>[] };

/** Month by month: each month's charges, then its receipts, then its expenses. */
export function monthByMonth(files: LedgerFiles, months: number): Batch[] {
  const batches: Batch[] = [];
  for (let m = 1; m <= months; m++) {
    for (const kind of ['charges', 'receipts', 'expenses'] as const) {
      const rows = files[kind].filter((r) => r.month === m).map((r) => r.line);
      if (rows.length > 0) batches.push({ kind, rows });
    }
  }
  return batches;
}

/** All charges in one file, then all receipts, then all expenses. */
export function allChargesThenReceipts(files: LedgerFiles): Batch[] {
  return (['charges', 'receipts', 'expenses'] as const)
    .filter((kind) => files[kind].length > 0)
    .map((kind) => ({ kind, rows: files[kind].map((r) => r.line) }));
}

/** Every kind's rows shuffled and cut into small files, the files themselves in shuffled order. */
export function shuffled(files: LedgerFiles, seed: number): Batch[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const shuffle = <T>(items: T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const batches: Batch[] = [];
  for (const kind of ['charges', 'receipts', 'expenses'] as const) {
    const rows = shuffle(files[kind].map((r) => r.line));
    while (rows.length > 0) batches.push({ kind, rows: rows.splice(0, 1 + Math.floor(next() * 4)) });
  }
  return shuffle(batches);
}

/** Rows to CSV text (no value here needs quoting but a comma-free header order). */
export function csvOf(rows: Record<string, string>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return [columns.join(','), ...rows.map((r) => columns.map((c) => r[c] ?? '').join(','))].join('\n') + '\n';
}
