/**
 * A model of the ledger rules of docs/property-management.md, written from the rules alone and
 * computed from a generated ledger's import files: each tenancy's events replayed in date order,
 * every paid-and-balance row, every pay advice and every statement, in integer cents (products
 * in BigInt). It imports nothing from src/, so a figure the code gets wrong cannot find its way
 * into the expected figures.
 *
 * Everything is in the company's own calendar: dates in the files are its wall-clock dates, and a
 * month is a month key (year x 12 + month - 1), so no time zone arithmetic is needed.
 */
import type { LandlordPaymentType } from '../../src/contract/pay-advice.js';
import type { GenLedger, LedgerFiles } from './generated-ledger.js';

type Kind = 'rent' | 'service' | 'other';
/** On one date: rent, then service, then other dues. */
const KIND_RANK: Record<Kind, number> = { rent: 0, service: 1, other: 2 };

/** '1234.5' or '1234.50' to cents, exactly. */
export function centsOf(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** round(a x b / d), half away from zero, for a, b >= 0 and d > 0. */
function roundedProduct(a: number, b: number, d: number): number {
  const n = BigInt(a) * BigInt(b);
  const q = n / BigInt(d);
  return Number(2n * (n % BigInt(d)) >= BigInt(d) ? q + 1n : q);
}

/** amount x percent / 100, rounded; a percent has at most two decimals. */
const percentOf = (amount: number, percent: string | number) => roundedProduct(amount, Math.round(Number(percent) * 100), 10_000);

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a date's 'YYYY-MM-DD'. */
const dayOf = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10))) / DAY_MS;
export const monthKeyOf = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;
/** Minutes since 1970 of a wall-clock 'YYYY-MM-DD' (its first minute) or 'YYYY-MM-DDTHH:mm'. */
const minuteOf = (text: string) => dayOf(text) * 1440 + (text.length > 10 ? Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16)) : 0);
const firstDayOf = (key: number) => Date.UTC(Math.floor(key / 12), key % 12, 1) / DAY_MS;
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface Charge {
  kind: Kind;
  monthKey: number;
  minute: number;
  amount: number;
  tax: number;
  amountDue: number;
  taxDue: number;
}

/** What a receipt paid: a charge's part, or rent paid in advance ('advance', booked as rent). */
interface Allocation {
  monthKey: number;
  part: Kind | 'advance';
  amount: number;
  tax: number;
  chargeMonthKey: number | null;
}

interface Tenancy {
  account: string;
  name: string;
  start: number;
  end: number | null;
  charges: Charge[];
  receipts: { minute: number; monthKey: number; cents: number }[];
  allocations: Allocation[];
}

/** Pays `payment` (at most what is due) on a charge: in proportion to the charge as raised, the clearing payment takes the rest. */
function pay(charge: Charge, payment: number): { amount: number; tax: number } {
  let amount: number;
  let tax: number;
  if (payment >= charge.amountDue + charge.taxDue) [amount, tax] = [charge.amountDue, charge.taxDue];
  else {
    tax = Math.min(roundedProduct(payment, charge.tax, charge.amount + charge.tax), charge.taxDue);
    amount = payment - tax;
    // Earlier parts rounded the other way: neither part is paid beyond what is due.
    if (amount > charge.amountDue) [amount, tax] = [charge.amountDue, payment - charge.amountDue];
  }
  charge.amountDue -= amount;
  charge.taxDue -= tax;
  return { amount, tax };
}

/** Replays a tenancy's events in date order (charges of a minute before its receipts), filling its allocations. */
function replay(t: Tenancy): void {
  type Event = { minute: number; rank: number; charge?: Charge; receipt?: Tenancy['receipts'][number] };
  const events: Event[] = [
    ...t.charges.map((charge) => ({ minute: charge.minute, rank: KIND_RANK[charge.kind], charge })),
    ...t.receipts.map((receipt, i) => ({ minute: receipt.minute, rank: 10 + i, receipt })),
  ].sort((a, b) => a.minute - b.minute || a.rank - b.rank);
  const open: Charge[] = [];
  let credit = 0;
  for (const { charge, receipt } of events) {
    if (charge) {
      [charge.amountDue, charge.taxDue] = [charge.amount, charge.tax];
      // Rent paid in advance is consumed when the charge is raised; no allocation: it counted when it came.
      if (credit > 0) {
        const used = pay(charge, credit);
        credit -= used.amount + used.tax;
      }
      open.push(charge);
      open.sort((a, b) => a.minute - b.minute || KIND_RANK[a.kind] - KIND_RANK[b.kind]);
    } else if (receipt) {
      let left = receipt.cents;
      for (const c of open) {
        if (left === 0) break;
        if (c.amountDue + c.taxDue === 0) continue;
        const paid = pay(c, left);
        left -= paid.amount + paid.tax;
        t.allocations.push({ monthKey: receipt.monthKey, part: c.kind, ...paid, chargeMonthKey: c.monthKey });
      }
      if (left > 0) {
        credit += left;
        t.allocations.push({ monthKey: receipt.monthKey, part: 'advance', amount: left, tax: 0, chargeMonthKey: null });
      }
    }
  }
}

/** A paid-and-balance row in cents, with the fields the rules define. */
export interface ModelRow {
  unitNo: string;
  tntAccount: string;
  /** The tenant's name; VACANT on a unit's row with no tenancy. */
  tenant: string;
  /** The unit's market rent, on every row of the unit (VACANT too). */
  marketRent: number;
  vacant: number;
  occupied: number;
  rentWoTax: number;
  rentTax: number;
  srvcWoTax: number;
  srvcTax: number;
  paidRent: number;
  paidRentTax: number;
  paidSrvc: number;
  paidSrvcTax: number;
  rentWoTaxPrev: number;
  rentTaxPrev: number;
  srvcWoTaxPrev: number;
  srvcTaxPrev: number;
  paidRentPrev: number;
  paidSrvcPrev: number;
  rentBalBf: number;
  srvcBalBf: number;
  totalBf: number;
  rentBalCf: number;
  srvcBalCf: number;
  totalCf: number;
  odnsTotalUnitCost: number;
  odnsPaidItAmount: number;
  odnsBalBf: number;
  odnsPaidArrears: number;
  /** "Tenancy ended YYYY-MM-DD" on the row of a tenancy no longer active; null otherwise. */
  descr: string | null;
}

function rowOf(unitNo: string, marketRent: number, t: Tenancy, key: number): ModelRow {
  const z = {
    rentWoTax: 0,
    rentTax: 0,
    srvcWoTax: 0,
    srvcTax: 0,
    rentWoTaxPrev: 0,
    rentTaxPrev: 0,
    srvcWoTaxPrev: 0,
    srvcTaxPrev: 0,
    odnsCharged: 0,
    odnsChargedPrev: 0,
  };
  for (const c of t.charges) {
    if (c.monthKey > key) continue;
    const now = c.monthKey === key;
    if (c.kind === 'rent' && now) [z.rentWoTax, z.rentTax] = [z.rentWoTax + c.amount, z.rentTax + c.tax];
    else if (c.kind === 'rent') [z.rentWoTaxPrev, z.rentTaxPrev] = [z.rentWoTaxPrev + c.amount, z.rentTaxPrev + c.tax];
    else if (c.kind === 'service' && now) [z.srvcWoTax, z.srvcTax] = [z.srvcWoTax + c.amount, z.srvcTax + c.tax];
    else if (c.kind === 'service') [z.srvcWoTaxPrev, z.srvcTaxPrev] = [z.srvcWoTaxPrev + c.amount, z.srvcTaxPrev + c.tax];
    else if (now) z.odnsCharged += c.amount + c.tax;
    else z.odnsChargedPrev += c.amount + c.tax;
  }
  const p = { paidRent: 0, paidRentTax: 0, paidSrvc: 0, paidSrvcTax: 0, paidRentPrev: 0, paidSrvcPrev: 0, odnsPaid: 0, odnsPaidPrev: 0, odnsPaidArrears: 0 };
  for (const a of t.allocations) {
    if (a.monthKey > key) continue;
    const now = a.monthKey === key;
    const rent = a.part === 'rent' || a.part === 'advance';
    // Paid before the month counts with its tax (paidRentPrev, paidSrvcPrev).
    if (rent && now) [p.paidRent, p.paidRentTax] = [p.paidRent + a.amount, p.paidRentTax + a.tax];
    else if (rent) p.paidRentPrev += a.amount + a.tax;
    else if (a.part === 'service' && now) [p.paidSrvc, p.paidSrvcTax] = [p.paidSrvc + a.amount, p.paidSrvcTax + a.tax];
    else if (a.part === 'service') p.paidSrvcPrev += a.amount + a.tax;
    else if (!now) p.odnsPaidPrev += a.amount + a.tax;
    else {
      p.odnsPaid += a.amount + a.tax;
      if (a.chargeMonthKey! < key) p.odnsPaidArrears += a.amount + a.tax;
    }
  }
  const active = isActive(t, key);
  const rentBalBf = z.rentWoTaxPrev + z.rentTaxPrev - p.paidRentPrev;
  const srvcBalBf = z.srvcWoTaxPrev + z.srvcTaxPrev - p.paidSrvcPrev;
  const rentBalCf = rentBalBf + z.rentWoTax + z.rentTax - p.paidRent - p.paidRentTax;
  const srvcBalCf = srvcBalBf + z.srvcWoTax + z.srvcTax - p.paidSrvc - p.paidSrvcTax;
  return {
    unitNo,
    tntAccount: t.account,
    tenant: t.name,
    marketRent,
    vacant: 0,
    occupied: active ? 1 : 0,
    ...{ rentWoTax: z.rentWoTax, rentTax: z.rentTax, srvcWoTax: z.srvcWoTax, srvcTax: z.srvcTax },
    ...{ paidRent: p.paidRent, paidRentTax: p.paidRentTax, paidSrvc: p.paidSrvc, paidSrvcTax: p.paidSrvcTax },
    ...{ rentWoTaxPrev: z.rentWoTaxPrev, rentTaxPrev: z.rentTaxPrev, srvcWoTaxPrev: z.srvcWoTaxPrev, srvcTaxPrev: z.srvcTaxPrev },
    ...{ paidRentPrev: p.paidRentPrev, paidSrvcPrev: p.paidSrvcPrev },
    ...{ rentBalBf, srvcBalBf, totalBf: rentBalBf + srvcBalBf, rentBalCf, srvcBalCf, totalCf: rentBalCf + srvcBalCf },
    odnsTotalUnitCost: z.odnsCharged,
    odnsPaidItAmount: p.odnsPaid,
    odnsBalBf: z.odnsChargedPrev - p.odnsPaidPrev,
    odnsPaidArrears: p.odnsPaidArrears,
    descr: active ? null : `Tenancy ended ${dayText(t.end!)}`,
  };
}

/** A VACANT row's figures: every one 0. */
const VACANT_FIGURES: Record<string, number | string | null> = Object.fromEntries(
  Object.keys(rowOf('', 0, { account: '', name: '', start: 0, end: 0, charges: [], receipts: [], allocations: [] }, 0)).map((k) => [k, 0]),
);
VACANT_FIGURES.descr = null;
VACANT_FIGURES.tenant = 'VACANT';

/** Active in a month: started by its last day and ended (last day inclusive) on or after its first. */
function isActive(t: Tenancy, key: number): boolean {
  return t.start < firstDayOf(key + 1) && (t.end === null || t.end >= firstDayOf(key));
}

/** A pay advice's rent line, in cents: one per paid-and-balance row, restricted to what the payment type covers. */
export interface ModelRentLine {
  unitNo: string;
  tenantName: string;
  monthlyCharge: number;
  invoiced: number;
  balanceBf: number;
  amountPaid: number;
  amountPaidTax: number;
  balanceCf: number;
}

/** A paid-and-balance row's rent line for a payment type (COMBINED: rent's charge, rent and service's other figures). */
function rentLineOf(r: ModelRow, type: LandlordPaymentType): ModelRentLine & { tax: number } {
  const head = { unitNo: r.unitNo, tenantName: r.tenant };
  if (type === 'RENT_ONLY')
    return {
      ...head,
      monthlyCharge: r.rentWoTax,
      invoiced: r.rentWoTax + r.rentTax,
      tax: r.rentTax,
      balanceBf: r.rentBalBf,
      amountPaid: r.paidRent,
      amountPaidTax: r.paidRentTax,
      balanceCf: r.rentBalCf,
    };
  if (type === 'SERVICE_CHARGE_ONLY')
    return {
      ...head,
      monthlyCharge: r.srvcWoTax,
      invoiced: r.srvcWoTax + r.srvcTax,
      tax: r.srvcTax,
      balanceBf: r.srvcBalBf,
      amountPaid: r.paidSrvc,
      amountPaidTax: r.paidSrvcTax,
      balanceCf: r.srvcBalCf,
    };
  return {
    ...head,
    monthlyCharge: r.rentWoTax,
    invoiced: r.rentWoTax + r.rentTax + r.srvcWoTax + r.srvcTax,
    tax: r.rentTax + r.srvcTax,
    balanceBf: r.totalBf,
    amountPaid: r.paidRent + r.paidSrvc,
    amountPaidTax: r.paidRentTax + r.paidSrvcTax,
    balanceCf: r.totalCf,
  };
}

/** What a statement sums from its rent lines, in cents (a unit's market rent counted once however many lines it has). */
export interface ModelLineTotals {
  totalMktRent: number;
  totalRent: number;
  rentInvoiced: number;
  rentInvoicedTax: number;
  utilityInvoiced: number;
  rentBalBf: number;
  rentBalCf: number;
}

/** The pay advice figures the rules give, in cents. */
export interface ModelAdvice {
  rentReceived: number;
  totalUtility: number;
  taxReceived: number;
  periodIncome: number;
  manFees: number;
  manFeesVat: number;
  periodExpense: number;
  totalDeductions: number;
  balanceBf: number;
  deferredAmount: number;
  deferredPayment: number;
  netAmountDue: number;
  statementType: 'FINAL' | 'INTERIM';
  rentsList: ModelRentLine[];
  lineTotals: ModelLineTotals;
}

export interface ModelProperty {
  code: string;
  name: string;
  zone: string;
  officer: string;
  feeRate: string;
  paymentType: LandlordPaymentType;
  units: { unitNo: string; marketRent: number; tenancies: Tenancy[] }[];
  expenses: { monthKey: number; cents: number }[];
  /** FINAL statements' month keys and the balance each carries forward. */
  finals: { monthKey: number; carried: number }[];
}

export interface ModelStatement {
  propertyCode: string;
  monthKey: number;
  type: 'FINAL' | 'INTERIM';
  advice: ModelAdvice;
}

export class LedgerModel {
  readonly properties: ModelProperty[] = [];
  readonly statements: ModelStatement[] = [];

  constructor(
    private readonly ledger: GenLedger,
    files: LedgerFiles,
    /** The month key of the ledger's month m. */
    keyOf: (m: number) => number,
  ) {
    const rows = (kind: string) => files.reference.find((r) => r.kind === kind)!.rows;
    for (const p of rows('properties')) {
      this.properties.push({
        code: p.code!,
        name: p.name!,
        zone: p.zone!,
        officer: p.field_officer!,
        feeRate: p.man_fee_rate!,
        paymentType: p.lld_payment_type as LandlordPaymentType,
        units: [],
        expenses: [],
        finals: [],
      });
    }
    const property = (code: string) => this.properties.find((p) => p.code === code)!;
    const unitRates = new Map<string, { rent: string; service: string }>();
    for (const u of rows('units')) {
      property(u.property_code!).units.push({ unitNo: u.unit_no!, marketRent: centsOf(u.market_rent!), tenancies: [] });
      unitRates.set(`${u.property_code}/${u.unit_no}`, { rent: u.rent_tax_rate ?? '0', service: u.service_tax_rate ?? '0' });
    }
    const tenancies = new Map<string, Tenancy>();
    const tenantNames = new Map(rows('tenants').map((t) => [t.account_no!, t.name!]));
    for (const t of rows('tenancies')) {
      const tenancy: Tenancy = {
        account: t.tenant_account!,
        name: tenantNames.get(t.tenant_account!)!,
        start: dayOf(t.from!),
        end: t.to ? dayOf(t.to) : null,
        charges: [],
        receipts: [],
        allocations: [],
      };
      property(t.property_code!)
        .units.find((u) => u.unitNo === t.unit_no)!
        .tenancies.push(tenancy);
      tenancies.set(t.tenant_account!, tenancy);
    }
    for (const { line } of files.charges) {
      const kind = line.kind as Kind;
      const amount = centsOf(line.amount!);
      const rates = unitRates.get(`${line.property_code}/${line.unit_no}`)!;
      // The line's tax percent, else the unit's rate for the kind (other dues: none).
      const rate = line.tax ?? (kind === 'rent' ? rates.rent : kind === 'service' ? rates.service : '0');
      tenancies.get(line.tenant_account!)!.charges.push({
        kind,
        monthKey: monthKeyOf(line.month!),
        minute: minuteOf(line.date ?? `${line.month}-01`),
        amount,
        tax: percentOf(amount, rate),
        amountDue: 0,
        taxDue: 0,
      });
    }
    for (const { line } of files.receipts)
      tenancies.get(line.tenant_account!)!.receipts.push({ minute: minuteOf(line.date!), monthKey: monthKeyOf(line.date!), cents: centsOf(line.amount!) });
    for (const { line } of files.expenses) property(line.property_code!).expenses.push({ monthKey: monthKeyOf(line.date!), cents: centsOf(line.amount!) });
    for (const t of tenancies.values()) replay(t);
    // Statements are prepared in month order with the property's payment type; a FINAL carries min(net, 0).
    for (let m = 1; m <= ledger.months; m++) {
      ledger.properties.forEach((g, i) => {
        const type = g.statements[m - 1];
        if (!type) return;
        const p = this.properties[i]!;
        if (type === 'FINAL') p.finals.push({ monthKey: keyOf(m), carried: 0 });
        const advice = this.payAdvice(p.code, keyOf(m), p.paymentType);
        if (type === 'FINAL') p.finals.at(-1)!.carried = Math.min(advice.netAmountDue, 0);
        this.statements.push({ propertyCode: p.code, monthKey: keyOf(m), type, advice });
      });
    }
  }

  /**
   * A property's paid-and-balance rows of a month: a row per tenancy active in it or with money
   * received in it, a VACANT row per unit with no active tenancy; units in natural order
   * (A1, A2, A3 here), then by tenancy start (VACANT rows and ended tenancies' rows by key).
   */
  rows(code: string, key: number): ModelRow[] {
    const out: ModelRow[] = [];
    for (const u of [...this.property(code).units].sort((a, b) => Number(a.unitNo.slice(1)) - Number(b.unitNo.slice(1)))) {
      const shown = u.tenancies.filter((t) => isActive(t, key) || t.receipts.some((r) => r.monthKey === key));
      for (const t of shown) out.push(rowOf(u.unitNo, u.marketRent, t, key));
      if (!u.tenancies.some((t) => isActive(t, key)))
        out.push({ ...(VACANT_FIGURES as unknown as ModelRow), unitNo: u.unitNo, tntAccount: '', marketRent: u.marketRent, vacant: 1, occupied: 0 });
    }
    return out;
  }

  /** The pay advice of a property, month and payment type (SERVICE_CHARGE_ONLY: every service charge; one service here). */
  payAdvice(code: string, key: number, type: LandlordPaymentType): ModelAdvice {
    const p = this.property(code);
    const rows = this.rows(code, key);
    const sum = (f: (r: ModelRow) => number) => rows.reduce((s, r) => s + f(r), 0);
    const rent = type !== 'SERVICE_CHARGE_ONLY';
    const service = type !== 'RENT_ONLY';
    const rentReceived = rent ? sum((r) => r.paidRent) : 0;
    const totalUtility = service ? sum((r) => r.paidSrvc) : 0;
    const taxReceived = (rent ? sum((r) => r.paidRentTax) : 0) + (service ? sum((r) => r.paidSrvcTax) : 0);
    const periodIncome = rentReceived + totalUtility;
    const manFees = percentOf(periodIncome, p.feeRate);
    const manFeesVat = percentOf(manFees, this.ledger.vatPercent);
    const periodExpense = p.expenses.filter((e) => e.monthKey === key).reduce((s, e) => s + e.cents, 0);
    const totalDeductions = manFees + manFeesVat + periodExpense;
    const balanceBf = p.finals.filter((f) => f.monthKey < key).at(-1)?.carried ?? 0;
    const netAmountDue = balanceBf + periodIncome + taxReceived - totalDeductions;
    const lines = rows.map((r) => rentLineOf(r, type));
    const total = (f: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + f(l), 0);
    const rentInvoiced = type === 'SERVICE_CHARGE_ONLY' ? 0 : total((l) => l.monthlyCharge);
    return {
      ...{ rentReceived, totalUtility, taxReceived, periodIncome, manFees, manFeesVat, periodExpense, totalDeductions, balanceBf },
      deferredAmount: netAmountDue < 0 ? Math.min(-netAmountDue, totalDeductions) : 0,
      deferredPayment: 0,
      netAmountDue,
      statementType: p.finals.some((f) => f.monthKey === key) ? 'FINAL' : 'INTERIM',
      rentsList: lines.map(({ tax: _, ...line }) => line),
      lineTotals: {
        totalMktRent: p.units.filter((u) => rows.some((r) => r.unitNo === u.unitNo)).reduce((s, u) => s + u.marketRent, 0),
        totalRent: total((l) => l.monthlyCharge),
        rentInvoiced,
        rentInvoicedTax: total((l) => l.tax),
        utilityInvoiced: total((l) => l.invoiced - l.tax) - rentInvoiced,
        rentBalBf: total((l) => l.balanceBf),
        rentBalCf: total((l) => l.balanceCf),
      },
    };
  }

  private property(code: string): ModelProperty {
    return this.properties.find((p) => p.code === code)!;
  }
}
