/**
 * Random property ledgers for the generated-ledger tests: several properties, units with rent
 * and service charges with and without tax, tenancies starting and ending mid-month, receipts
 * that underpay, overpay, pay ahead, pay late, stop and pay after leaving, water bills,
 * expenses and FINAL and INTERIM statements, in several time zones. Each ledger is written as
 * the CSV files of the ledger import, and its ledger rows can be cut into batches in
 * different ways.
 */
import fc from 'fast-check';
import type { LandlordPaymentType } from '../../src/contract/pay-advice.js';

export const LEDGER_YEAR = 2026;

export interface GenReceipt {
  /** Days after the tenancy's start (receipts may come after it ended). */
  afterStart: number;
  hour: number;
  cents: number;
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
  timeZone: string;
  vatPercent: number;
  months: number;
  properties: GenProperty[];
  /** Drives the shuffled batching. */
  shuffleSeed: number;
}

const ZONES = ['Africa/Nairobi', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'];

const receipt = fc.record({ afterStart: fc.integer({ min: 0, max: 170 }), hour: fc.integer({ min: 0, max: 23 }), cents: fc.oneof(fc.integer({ min: 1, max: 6_000_000 }), fc.constantFrom(100_000, 116_000, 1_160, 50_000_00)) });

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
          expenses: fc.array(fc.record({ month: fc.integer({ min: 1, max: months }), day: fc.integer({ min: 1, max: 28 }), cents: fc.integer({ min: 1, max: 20_000_000 }) }), { maxLength: 3 }),
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
/** A calendar day of the ledger's year by its offset from 1 January (UTC arithmetic on dates only). */
const dayOf = (offset: number) => new Date(Date.UTC(LEDGER_YEAR, 0, 1) + offset * DAY);
const dayText = (offset: number) => {
  const d = dayOf(offset);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const monthOfOffset = (offset: number) => {
  const d = dayOf(offset);
  return (d.getUTCFullYear() - LEDGER_YEAR) * 12 + d.getUTCMonth() + 1;
};
const amount = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100)}`;

export interface LedgerRow {
  /** Ledger month (1 = January of LEDGER_YEAR) it belongs to, for the month-by-month batching. */
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
  const lastDay = Math.round((Date.UTC(LEDGER_YEAR, ledger.months, 1) - Date.UTC(LEDGER_YEAR, 0, 1)) / DAY) - 1;
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
    properties.push({ code, name: `Property ${pi + 1}`, landlord_code: 'L1', zone: p.zone, field_officer: p.officer, man_fee_rate: String(p.feeRate), lld_payment_type: p.paymentType });
    p.units.forEach((u, ui) => {
      const unitNo = `A${ui + 1}`;
      units.push({ property_code: code, unit_no: unitNo, market_rent: amount(u.rentCents), service_charge: amount(u.serviceCents), rent_tax_rate: String(u.rentTax), service_tax_rate: String(u.serviceTax) });
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
          const month = `${LEDGER_YEAR}-${pad(m)}`;
          charges.push({ month: m, line: { ...key, month, kind: 'rent', amount: amount(u.rentCents) } });
          if (u.serviceCents > 0) charges.push({ month: m, line: { ...key, month, kind: 'service', amount: amount(u.serviceCents) } });
          // Water is billed on the 10th, with no tax.
          if (t.water) charges.push({ month: m, line: { ...key, month, kind: 'other', service: 'Water', amount: amount(1_000_00 + m * 1_11), tax: '0', date: `${month}-10` } });
        }
        for (const r of t.receipts) {
          const day = start + r.afterStart;
          if (day > lastDay) continue;
          receivedCents += r.cents;
          receipts.push({ month: monthOfOffset(day), line: { ...key, date: `${dayText(day)}T${pad(r.hour)}:${pad((r.cents * 7) % 60)}`, amount: amount(r.cents) } });
        }
        free = end === null ? lastDay + 1 : end + 1;
      }
    });
    for (const e of p.expenses) expenses.push({ month: e.month, line: { property_code: code, date: `${LEDGER_YEAR}-${pad(e.month)}-${pad(e.day)}`, description: 'Repairs', amount: amount(e.cents) } });
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
  return (['charges', 'receipts', 'expenses'] as const).filter((kind) => files[kind].length > 0).map((kind) => ({ kind, rows: files[kind].map((r) => r.line) }));
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
