/**
 * What a ledger import file amounts to, decided once for every backend: the file's rows, a
 * slice at a time (ledgerPlanner), are checked against the store's facts (LedgerImportFacts,
 * read by the unit inside its transaction) and the slices before them, and become every problem
 * of the file (line, field, what was expected) and the rows to write, in file order. The unit
 * only reads the facts, holds the tenancies a slice names, and writes each slice's plan.
 *
 * One kind per file (header row, RFC 4180); columns (* required):
 *   landlords  code*, name*, email, phone
 *   properties code*, name*, lr_no, email, landlord_code*, zone, field_officer, man_fee_rate (%,
 *              default 10), lld_payment_type (COMBINED, RENT_ONLY, SERVICE_CHARGE_ONLY)
 *   units      property_code*, unit_no*, market_rent*, service_charge, service (default
 *              "Service charge"), rent_tax_rate (%), service_tax_rate (%)
 *   tenants    account_no*, name*, phone
 *   tenancies  property_code*, unit_no*, tenant_account*, from* (YYYY-MM-DD), to (last day, inclusive)
 *   charges    property_code*, unit_no*, tenant_account*, month* (YYYY-MM), kind* (rent, service,
 *              other), service (required for other), amount*, tax (a percent; default: the
 *              unit's rate for the kind) or tax_amount (the tax itself), date (default: the 1st
 *              of the month), description
 *   receipts   property_code*, unit_no*, tenant_account*, date* (YYYY-MM-DD or YYYY-MM-DDTHH:mm), amount*, reference
 *   expenses   property_code*, date*, description*, amount*
 * Amounts are in currency units with at most two decimals; dates are in the company's zone.
 * Header names match loosely (import-csv.ts): `property_code`, `propertyCode` and
 * `Property Code` are the same column.
 */
import { LANDLORD_PAYMENT_TYPES, type LandlordPaymentType } from '../../contract/pay-advice.js';
import { candidatesNote } from '../../domain/closest-names.js';
import { dayText, endOfLocalDay, monthKey, monthRange } from '../../domain/month-range.js';
import { percentOf, toBasisPoints, toCents } from '../../domain/money.js';
import { bookedAgain, paymentReferenceKey } from '../../domain/payment-reference.js';
import { formatAmount } from '../../domain/rent-details-html.js';
import type { ChargeKind } from '../../domain/receipt-allocation.js';
import { LEDGER_IMPORT_KINDS, type ImportResult, type LedgerImportKind } from '../property-store.js';
import type { CsvColumns } from './import-csv.js';
import { localTimeReader } from './local-time-reader.js';
import { ImportRefusedError, PROBLEMS_LISTED, ProblemList, type ImportProblem } from './import-problems.js';
import type { StagedRows } from './staged-rows.js';

export class LedgerImportError extends ImportRefusedError {
  constructor(
    /** The kind of ledger file refused (landlords, properties, ...). */
    readonly fileKind: string,
    problems: readonly ImportProblem[],
    total = problems.length,
  ) {
    super(`${fileKind} file`, problems, total);
    this.name = 'LedgerImportError';
  }
}

const COLUMNS: Record<LedgerImportKind, { required: string[]; optional: string[] }> = {
  landlords: { required: ['code', 'name'], optional: ['email', 'phone'] },
  properties: { required: ['code', 'name', 'landlord_code'], optional: ['lr_no', 'email', 'zone', 'field_officer', 'man_fee_rate', 'lld_payment_type'] },
  units: { required: ['property_code', 'unit_no', 'market_rent'], optional: ['service_charge', 'service', 'rent_tax_rate', 'service_tax_rate'] },
  tenants: { required: ['account_no', 'name'], optional: ['phone'] },
  tenancies: { required: ['property_code', 'unit_no', 'tenant_account', 'from'], optional: ['to'] },
  charges: {
    required: ['property_code', 'unit_no', 'tenant_account', 'month', 'kind', 'amount'],
    optional: ['service', 'tax', 'tax_amount', 'date', 'description'],
  },
  receipts: { required: ['property_code', 'unit_no', 'tenant_account', 'date', 'amount'], optional: ['reference'] },
  expenses: { required: ['property_code', 'date', 'description', 'amount'], optional: [] },
};

/** Tables whose rows an import file names by a code or a name. */
export type KeyedTable = 'landlords' | 'properties' | 'tenants' | 'zones' | 'field_officers' | 'services';

/** The column a keyed table is named by in import files. */
export function keyColumnOf(table: KeyedTable): 'account_no' | 'code' | 'name' {
  return table === 'tenants' ? 'account_no' : table === 'landlords' || table === 'properties' ? 'code' : 'name';
}

export interface UnitKeyRow {
  id: number;
  propertyId: number;
  unitNo: string;
  serviceChargeCents: number;
  serviceId: number | null;
  rentTaxRateBp: number;
  serviceTaxRateBp: number;
  marketRentCents: number;
}

/** A unit's key in LedgerImportFacts.units: "propertyId/unitNo". */
export const unitKey = (propertyId: number, unitNo: string): string => `${propertyId}/${unitNo}`;

export interface TenancyKeyRow {
  id: number;
  unitId: number;
  tenantId: number;
  startDate: number;
  endDate: number | null;
}

/** A rent or service charge's key: one per tenancy, kind, service and month. */
export const chargeKey = (tenancyId: number, kind: ChargeKind, serviceId: number | string | null, month: number): string =>
  `${tenancyId}/${kind}/${serviceId ?? 0}/${month}`;

/**
 * The store's rows an import checks against, of one company, read inside the import's
 * transaction, once, before the first slice.
 */
export interface LedgerImportFacts {
  /** Code or name (keyColumnOf) -> id. */
  ids(table: KeyedTable): Map<string, number>;
  /** Units keyed by unitKey. */
  units(): Map<string, UnitKeyRow>;
  /** Tenancies by start date, then id. */
  tenancies(): TenancyKeyRow[];
  /** chargeKey of every rent and service charge. */
  chargeKeys(): Set<string>;
}

/** A receipt already booked under a payment reference: what a line naming the same reference is compared with. */
export interface BookedReceipt {
  id: number;
  tenancyId: number;
  date: number;
  amount: number;
  reference: string;
  tenantAccount: string;
}

/** The payment reference keys rows of a receipts file name, each once (the booked receipts to read for them). */
export function paymentReferenceKeysOf(rows: readonly ParsedRow[]): string[] {
  const keys = new Set<string>();
  for (const p of rows) {
    const key = paymentReferenceKey(p.row.reference);
    if (key !== null) keys.add(key);
  }
  return [...keys];
}

/**
 * What each kind of file asks of the facts (a backend that reads first reads these). The
 * receipts booked under a receipts file's references are read slice by slice instead
 * (ledgerPlanner's `booked`).
 */
export const FACTS_OF_KIND: Record<LedgerImportKind, { ids: KeyedTable[]; units?: true; tenancies?: true; chargeKeys?: true }> = {
  landlords: { ids: ['landlords'] },
  properties: { ids: ['properties', 'landlords'] },
  units: { ids: ['properties'], units: true },
  tenants: { ids: ['tenants'] },
  tenancies: { ids: ['properties', 'tenants'], units: true, tenancies: true },
  charges: { ids: ['properties', 'tenants', 'services'], units: true, tenancies: true, chargeKeys: true },
  receipts: { ids: ['properties', 'tenants'], units: true, tenancies: true },
  expenses: { ids: ['properties'] },
};

/** A zone, field officer or service named by a row: created with the first row that names it. */
export interface NamedReference {
  column: string;
  table: 'zones' | 'field_officers' | 'services';
  name: string;
}

/** A reference row (or an expense) to insert, its named references resolved first, in their order. */
export interface RowToWrite {
  table: 'landlords' | 'properties' | 'units' | 'tenants' | 'tenancies' | 'expenses';
  row: Record<string, unknown>;
  named: NamedReference[];
}

export interface ChargeToWrite {
  tenancyId: number;
  kind: ChargeKind;
  serviceId: number | null;
  /** A service to find or create when serviceId is null (service and other charges only). */
  newService: string | null;
  monthKey: number;
  chargeDate: number;
  amount: number;
  tax: number;
  description: string | null;
}

export interface ReceiptToWrite {
  /** The file's line of the receipt (0 when it comes from no file). */
  line?: number;
  tenancyId: number;
  date: number;
  amount: number;
  reference: string | null;
  /** paymentReferenceKey of the reference: unique per company. */
  referenceKey: string | null;
}

/** What one slice of a file amounts to: its rows to write (and its receipts met before). */
export type LedgerImportPlan =
  | { kind: Exclude<LedgerImportKind, 'charges' | 'receipts'>; rows: RowToWrite[] }
  | { kind: 'charges'; charges: ChargeToWrite[] }
  | { kind: 'receipts'; receipts: (ReceiptToWrite & { line: number })[]; alreadyBooked: number };

type Row = Record<string, string>;

export interface ParsedRow {
  line: number;
  row: Row;
}

/** Collects problems row by row; a value reader returns undefined after recording one. */
class Checker {
  constructor(
    readonly timeZone: string,
    readonly problems: ProblemList = new ProblemList(),
    /** Local dates and times as epoch ms, the zone's rules applied once per day or hour; shared by a file's checkers. */
    private readonly localTime = localTimeReader(timeZone),
  ) {}

  /** A checker of the same file whose problems are not kept (to look ahead at a slice). */
  scratch(): Checker {
    return new Checker(this.timeZone, new ProblemList(), this.localTime);
  }

  problem(line: number, field: string | null, message: string): undefined {
    return this.problems.add(line, field, message);
  }

  text(p: ParsedRow, field: string, required: boolean, max = 200): string | undefined {
    const value = p.row[field] ?? '';
    if (value === '') return required ? this.problem(p.line, field, 'is required') : undefined;
    if (value.length > max) return this.problem(p.line, field, `is longer than ${max} characters`);
    return value;
  }

  money(p: ParsedRow, field: string, required: boolean, options: { positive?: boolean } = {}): number | undefined {
    const value = p.row[field] ?? '';
    if (value === '') return required ? this.problem(p.line, field, 'is required') : undefined;
    const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value) ? value.replaceAll(',', '') : value;
    if (!/^\d+(\.\d{1,2})?$/.test(plain)) {
      return this.problem(p.line, field, `${JSON.stringify(value)} is not an amount (a number of at least 0 with at most two decimals, e.g. 15000 or 1234.50)`);
    }
    const cents = toCents(Number(plain));
    if (options.positive && cents === 0) return this.problem(p.line, field, 'must be more than 0');
    return cents;
  }

  rate(p: ParsedRow, field: string, fallback: number | undefined, note = ''): number | undefined {
    const value = p.row[field] ?? '';
    if (value === '') return fallback;
    if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) > 100) {
      return this.problem(p.line, field, `${JSON.stringify(value)} is not a rate (a percentage from 0 to 100, at most two decimals)${note}`);
    }
    return toBasisPoints(Number(value));
  }

  date(p: ParsedRow, field: string, required: boolean, withTime = false): number | undefined {
    const value = p.row[field] ?? '';
    if (value === '') return required ? this.problem(p.line, field, 'is required') : undefined;
    const ms = value.length === 10 || withTime ? this.localTime(value) : undefined;
    if (ms === undefined) {
      return this.problem(p.line, field, `${JSON.stringify(value)} is not a date (YYYY-MM-DD${withTime ? ' or YYYY-MM-DDTHH:mm' : ''})`);
    }
    return ms;
  }

  choice<T extends string>(p: ParsedRow, field: string, allowed: readonly T[], fallback: T): T | undefined {
    const value = (p.row[field] ?? '').toUpperCase();
    if (value === '') return fallback;
    const match = allowed.find((a) => a.toUpperCase() === value);
    return match ?? this.problem(p.line, field, `${JSON.stringify(p.row[field])} is not one of ${allowed.join(', ')}`);
  }
}

/** Refuses an unknown kind (a LedgerImportError) before anything is read. */
export function checkImportKind(kind: LedgerImportKind): void {
  if (!LEDGER_IMPORT_KINDS.includes(kind))
    throw new LedgerImportError(String(kind), [{ line: 0, field: null, message: `unknown kind; one of ${LEDGER_IMPORT_KINDS.join(', ')}` }]);
}

/** The columns of a kind of file. */
export function ledgerColumns(kind: LedgerImportKind): CsvColumns {
  return COLUMNS[kind];
}

/** What an import reports: the file's rows, those written, and those booked before (receipts). */
export function importResultOf(kind: LedgerImportKind, rows: number, imported: number, alreadyBooked: number): ImportResult {
  return { kind, rows, imported, alreadyBooked };
}

/**
 * Plans a file slice by slice, in file order: each slice's rows checked against the facts and
 * against the slices before it (a key twice in the file, a tenancy overlapping one of an
 * earlier line), every problem into `problems`, and the slice's rows to write returned. What it
 * remembers of earlier slices is the keys the file names (codes, accounts, units, charges),
 * bounded by what the company holds; a receipts file remembers only the references it met
 * that it did not write (those it wrote, `written`, are found in the store again).
 * `booked`: the receipts already in the store under the slice's references (with those of
 * earlier slices of this file), read after the slice's tenancies were held.
 */
export type SlicePlanner = (rows: ParsedRow[], booked: ReadonlyMap<string, BookedReceipt>) => LedgerImportPlan;

export interface LedgerPlanner {
  plan: SlicePlanner;
  /** The tenancies a charges or receipts slice writes to, as far as its rows name them (to hold before it is planned). */
  tenanciesOf(rows: readonly ParsedRow[]): number[];
}

export function ledgerPlanner(
  kind: LedgerImportKind,
  facts: LedgerImportFacts,
  companyId: number,
  timeZone: string,
  problems: ProblemList,
  written: StagedRows,
): LedgerPlanner {
  const check = new Checker(timeZone, problems);
  let refs: References | undefined;
  return {
    plan: PLANNERS[kind](facts, companyId, check, written),
    tenanciesOf(rows) {
      if (kind !== 'charges' && kind !== 'receipts') return [];
      const scratch = check.scratch();
      refs ??= references(facts);
      const ids = new Set<number>();
      for (const p of rows) {
        const tenancy = kind === 'receipts' ? receiptTenancy(scratch, p, refs!) : chargeTenancy(scratch, p, refs!);
        if (tenancy) ids.add(tenancy.id);
      }
      return [...ids];
    },
  };
}

type Planner = (facts: LedgerImportFacts, companyId: number, check: Checker, written: StagedRows) => SlicePlanner;

/** Refuses a key seen earlier in the file (in `seen`, kept across slices) or already in the store. */
function uniqueKeys(check: Checker, rows: ParsedRow[], field: string, existing: Map<string, number>, what: string, seen: Map<string, number>): void {
  for (const p of rows) {
    const key = p.row[field] ?? '';
    if (key === '') continue;
    if (existing.has(key)) check.problem(p.line, field, `${what} ${JSON.stringify(key)} already exists`);
    else if (seen.has(key)) check.problem(p.line, field, `${what} ${JSON.stringify(key)} is also on line ${seen.get(key)}`);
    else seen.set(key, p.line);
  }
}
const named = (column: string, table: NamedReference['table'], name: string | undefined | null): NamedReference[] => (name ? [{ column, table, name }] : []);

const planLandlords: Planner = (facts, companyId, check) => {
  const seen = new Map<string, number>();
  return (rows) => {
    uniqueKeys(check, rows, 'code', facts.ids('landlords'), 'landlord code', seen);
    const values = rows.map((p) => ({
      code: check.text(p, 'code', true, 40),
      name: check.text(p, 'name', true),
      email: check.text(p, 'email', false),
      phone: check.text(p, 'phone', false, 40),
    }));
    return {
      kind: 'landlords',
      rows: values.map((v) => ({
        table: 'landlords',
        named: [],
        row: { company_id: companyId, code: v.code, name: v.name, email: v.email ?? null, phone: v.phone ?? null },
      })),
    };
  };
};

const planProperties: Planner = (facts, companyId, check) => {
  const seen = new Map<string, number>();
  return (rows) => {
    uniqueKeys(check, rows, 'code', facts.ids('properties'), 'property code', seen);
    const landlords = facts.ids('landlords');
    const values = rows.map((p) => {
      const landlordCode = check.text(p, 'landlord_code', true);
      const landlordId = landlordCode === undefined ? undefined : landlords.get(landlordCode);
      if (landlordCode !== undefined && landlordId === undefined)
        check.problem(
          p.line,
          'landlord_code',
          `no landlord ${JSON.stringify(landlordCode)} (import landlords first)${candidatesNote(landlordCode, landlords.keys(), 'landlord codes')}`,
        );
      return {
        code: check.text(p, 'code', true, 40),
        name: check.text(p, 'name', true),
        lrNo: check.text(p, 'lr_no', false),
        email: check.text(p, 'email', false),
        landlordId,
        zone: check.text(p, 'zone', false, 100),
        fieldOfficer: check.text(p, 'field_officer', false, 100),
        rate: check.rate(p, 'man_fee_rate', 1000),
        type: check.choice<LandlordPaymentType>(p, 'lld_payment_type', LANDLORD_PAYMENT_TYPES, 'COMBINED'),
      };
    });
    return {
      kind: 'properties',
      rows: values.map((v) => ({
        table: 'properties',
        // The zone is found or created before the field officer, as rows come.
        named: [...named('zone_id', 'zones', v.zone), ...named('field_officer_id', 'field_officers', v.fieldOfficer)],
        row: {
          company_id: companyId,
          code: v.code,
          name: v.name,
          lr_no: v.lrNo ?? null,
          email: v.email ?? null,
          landlord_id: v.landlordId,
          zone_id: null,
          field_officer_id: null,
          man_fee_rate_bp: v.rate,
          lld_payment_type: v.type,
        },
      })),
    };
  };
};

const planUnits: Planner = (facts, companyId, check) => {
  const properties = facts.ids('properties');
  const existing = facts.units();
  const seen = new Map<string, number>();
  return (rows) => {
    const values = rows.map((p) => {
      const propertyId = propertyOf(check, p, properties);
      const unitNo = check.text(p, 'unit_no', true, 40);
      if (propertyId !== undefined && unitNo !== undefined) {
        const key = unitKey(propertyId, unitNo);
        if (existing.has(key)) check.problem(p.line, 'unit_no', `unit ${JSON.stringify(unitNo)} of ${p.row.property_code} already exists`);
        else if (seen.has(key)) check.problem(p.line, 'unit_no', `unit ${JSON.stringify(unitNo)} is also on line ${seen.get(key)}`);
        else seen.set(key, p.line);
      }
      const serviceCharge = check.money(p, 'service_charge', false) ?? 0;
      return {
        propertyId,
        unitNo,
        rent: check.money(p, 'market_rent', true),
        serviceCharge,
        service: serviceCharge > 0 ? (check.text(p, 'service', false, 100) ?? 'Service charge') : (check.text(p, 'service', false, 100) ?? null),
        rentTax: check.rate(p, 'rent_tax_rate', 0),
        serviceTax: check.rate(p, 'service_tax_rate', 0),
      };
    });
    return {
      kind: 'units',
      rows: values.map((v) => ({
        table: 'units',
        named: named('service_id', 'services', v.service),
        row: {
          company_id: companyId,
          property_id: v.propertyId,
          unit_no: v.unitNo,
          market_rent_cents: v.rent,
          service_charge_cents: v.serviceCharge,
          service_id: null,
          rent_tax_rate_bp: v.rentTax,
          service_tax_rate_bp: v.serviceTax,
        },
      })),
    };
  };
};

const planTenants: Planner = (facts, companyId, check) => {
  const seen = new Map<string, number>();
  return (rows) => {
    uniqueKeys(check, rows, 'account_no', facts.ids('tenants'), 'tenant account', seen);
    const values = rows.map((p) => ({
      account: check.text(p, 'account_no', true, 40),
      name: check.text(p, 'name', true),
      phone: check.text(p, 'phone', false, 40),
    }));
    return {
      kind: 'tenants',
      rows: values.map((v) => ({ table: 'tenants', named: [], row: { company_id: companyId, account_no: v.account, name: v.name, phone: v.phone ?? null } })),
    };
  };
};

const planTenancies: Planner = (facts, companyId, check) => {
  const refs = references(facts);
  const byUnit = new Map<number, { from: number; to: number | null; line: number }[]>();
  for (const t of refs.tenancies) {
    byUnit.set(t.unitId, [...(byUnit.get(t.unitId) ?? []), { from: t.startDate, to: t.endDate, line: 0 }]);
  }
  return (rows) => {
    const values = rows.map((p) => {
      const unit = unitOf(check, p, refs);
      const tenantId = tenantOf(check, p, refs);
      const from = check.date(p, 'from', true);
      const toText = p.row.to ?? '';
      let to: number | null = null;
      if (toText !== '') {
        to = endOfLocalDay(toText, check.timeZone) ?? check.problem(p.line, 'to', `${JSON.stringify(toText)} is not a date (YYYY-MM-DD)`) ?? null;
        if (to !== null && from !== undefined && to < from) check.problem(p.line, 'to', 'is before from');
      }
      if (unit && from !== undefined) {
        const others = byUnit.get(unit.id) ?? [];
        const clash = others.find((o) => o.from <= (to ?? Infinity) && (o.to ?? Infinity) >= from);
        if (clash)
          check.problem(
            p.line,
            'from',
            `unit ${p.row.unit_no} of ${p.row.property_code} is let ${clash.line ? `on line ${clash.line}` : 'already'} for part of this period`,
          );
        byUnit.set(unit.id, [...others, { from, to, line: p.line }]);
      }
      return { unitId: unit?.id, tenantId, from, to };
    });
    return {
      kind: 'tenancies',
      rows: values.map((v) => ({
        table: 'tenancies',
        named: [],
        row: { company_id: companyId, unit_id: v.unitId, tenant_id: v.tenantId, start_date: v.from, end_date: v.to },
      })),
    };
  };
};

const CHARGE_KINDS: readonly ChargeKind[] = ['rent', 'service', 'other'];

/**
 * A charge's tax as its line gives it: `tax` a percent of the amount (as a rate is everywhere
 * else in these files), or `tax_amount` the tax itself; neither means the unit's rate. A line
 * giving both is refused: the two could disagree and neither would be clearly the one meant.
 */
function chargeTaxGiven(check: Checker, p: ParsedRow): { rateBp?: number; amount?: number } {
  if ((p.row.tax ?? '') !== '' && (p.row.tax_amount ?? '') !== '') {
    check.problem(p.line, 'tax_amount', 'give the tax as a percent (tax) or as an amount (tax_amount), not both');
    return {};
  }
  return { rateBp: check.rate(p, 'tax', undefined, '; an amount of tax goes in tax_amount'), amount: check.money(p, 'tax_amount', false) };
}

const planCharges: Planner = (facts, _companyId, check) => {
  const refs = references(facts);
  const services = facts.ids('services');
  const existing = facts.chargeKeys();
  const seen = new Map<string, number>();
  return (rows) => {
    const values = rows.map((p) => {
      const unit = unitOf(check, p, refs);
      const tenantId = tenantOf(check, p, refs);
      const monthText = check.text(p, 'month', true) ?? '';
      const monthMatch = /^(\d{4})-(\d{2})$/.exec(monthText);
      const ym =
        monthMatch && Number(monthMatch[2]) >= 1 && Number(monthMatch[2]) <= 12 ? { year: Number(monthMatch[1]), month: Number(monthMatch[2]) } : undefined;
      if (monthText && !ym) check.problem(p.line, 'month', `${JSON.stringify(monthText)} is not a month (YYYY-MM)`);
      const kindText = (p.row.kind ?? '').toLowerCase();
      const kind = CHARGE_KINDS.find((k) => k === kindText);
      if (!kind) check.problem(p.line, 'kind', kindText ? `${JSON.stringify(p.row.kind)} is not one of rent, service, other` : 'is required');
      const amount = check.money(p, 'amount', true);
      const given = chargeTaxGiven(check, p);
      // A service named for the first time (Water, Garbage...) is created with the file.
      const serviceName = check.text(p, 'service', kind === 'other', 100);
      let serviceId: number | null = null;
      if (kind === 'service') serviceId = serviceName ? (services.get(serviceName) ?? null) : (unit?.serviceId ?? null);
      if (kind === 'other' && serviceName) serviceId = services.get(serviceName) ?? null;
      if (kind === 'service' && !serviceName && unit && serviceId === null)
        check.problem(p.line, 'service', `unit ${p.row.unit_no} has no service charge service; name the service`);
      const range = ym ? monthRange(ym.year, ym.month, check.timeZone) : undefined;
      const date = check.date(p, 'date', false) ?? range?.from;
      if (range && date !== undefined && (date < range.from || date > range.to)) check.problem(p.line, 'date', `is not in ${monthText}`);
      let tenancy: TenancyKeyRow | undefined;
      if (unit && tenantId !== undefined && range) {
        tenancy = tenancyInMonth(refs, unit.id, tenantId, range);
        if (!tenancy)
          check.problem(p.line, 'tenant_account', `${p.row.tenant_account} does not rent ${p.row.unit_no} of ${p.row.property_code} in ${monthText}`);
      }
      const rateBp = given.rateBp ?? (kind === 'rent' ? unit?.rentTaxRateBp : kind === 'service' ? unit?.serviceTaxRateBp : 0) ?? 0;
      const tax = given.amount ?? (amount !== undefined ? percentOf(amount, rateBp) : 0);
      if (tenancy && kind && kind !== 'other' && ym) {
        const key = chargeKey(tenancy.id, kind, serviceId ?? (kind === 'service' ? `new ${serviceName}` : 0), monthKey(ym));
        if (existing.has(key)) check.problem(p.line, 'month', `the ${kind} charge of ${monthText} is already recorded for this tenancy`);
        else if (seen.has(key)) check.problem(p.line, 'month', `the ${kind} charge of ${monthText} is also on line ${seen.get(key)}`);
        else seen.set(key, p.line);
      }
      return {
        tenancyId: tenancy?.id,
        kind,
        serviceId,
        serviceName,
        monthKey: ym ? monthKey(ym) : 0,
        date,
        amount,
        tax,
        description: check.text(p, 'description', false) ?? null,
      };
    });
    return {
      kind: 'charges',
      charges: values.map((v) => ({
        tenancyId: v.tenancyId!,
        kind: v.kind!,
        serviceId: v.serviceId,
        newService: v.serviceId === null && v.kind !== 'rent' && v.serviceName ? v.serviceName : null,
        monthKey: v.monthKey,
        chargeDate: v.date!,
        amount: v.amount!,
        tax: v.tax,
        description: v.description,
      })),
    };
  };
};

const tenancyInMonth = (refs: References, unitId: number, tenantId: number, range: { from: number; to: number }): TenancyKeyRow | undefined =>
  (refs.tenanciesOfUnit.get(unitId) ?? []).find((t) => t.tenantId === tenantId && t.startDate <= range.to && (t.endDate === null || t.endDate >= range.from));

/** The tenancy a charges row names, or undefined (its problems are recorded by `check`). */
function chargeTenancy(check: Checker, p: ParsedRow, refs: References): TenancyKeyRow | undefined {
  const unit = unitOf(check, p, refs);
  const tenantId = tenantOf(check, p, refs);
  const ym = /^(\d{4})-(\d{2})$/.exec(p.row.month ?? '');
  if (!unit || tenantId === undefined || !ym || Number(ym[2]) < 1 || Number(ym[2]) > 12) return undefined;
  return tenancyInMonth(refs, unit.id, tenantId, monthRange(Number(ym[1]), Number(ym[2]), check.timeZone));
}

/** The tenancy running at the date, or the tenant's last one in the unit (arrears paid after leaving). */
function receiptTenancyOf(refs: References, unitId: number, tenantId: number, date: number): TenancyKeyRow | undefined {
  const ofTenant = (refs.tenanciesOfUnit.get(unitId) ?? []).filter((t) => t.tenantId === tenantId && t.startDate <= date);
  return ofTenant.find((t) => t.endDate === null || t.endDate >= date) ?? ofTenant.at(-1);
}

/** The tenancy a receipts row pays, or undefined. */
function receiptTenancy(check: Checker, p: ParsedRow, refs: References): TenancyKeyRow | undefined {
  const unit = unitOf(check, p, refs);
  const tenantId = tenantOf(check, p, refs);
  const date = check.date(p, 'date', true, true);
  return unit && tenantId !== undefined && date !== undefined ? receiptTenancyOf(refs, unit.id, tenantId, date) : undefined;
}

/**
 * Receipts, each payment once: a line whose reference is already booked for the same tenancy
 * and amount is skipped (counted in alreadyBooked: the same file again, or an overlapping
 * statement); with another tenancy or amount it is refused, naming the receipt booked. A
 * reference twice in the file is refused on its second line, naming the first: a first line
 * the import wrote is found in the store (booked, and in `written`); one it skipped or refused
 * is remembered here.
 */
const planReceipts: Planner = (facts, _companyId, check, written) => {
  const refs = references(facts);
  /** Receipts of the store met by a line of the file (skipped as booked before): id -> line. */
  const skippedBy = new Map<number, number>();
  /** References of lines refused or left unwritten: key -> line (as many as a refusal lists). */
  const unwritten = new Map<string, number>();
  return (rows, booked) => {
    const firstInSlice = new Map<string, number>();
    let alreadyBooked = 0;
    const receipts: (ReceiptToWrite & { line: number })[] = [];
    for (const p of rows) {
      const unit = unitOf(check, p, refs);
      const tenantId = tenantOf(check, p, refs);
      const date = check.date(p, 'date', true, true);
      const amount = check.money(p, 'amount', true, { positive: true });
      const reference = check.text(p, 'reference', false, 100) ?? null;
      let tenancy: TenancyKeyRow | undefined;
      if (unit && tenantId !== undefined && date !== undefined) {
        tenancy = receiptTenancyOf(refs, unit.id, tenantId, date);
        if (!tenancy)
          check.problem(p.line, 'tenant_account', `${p.row.tenant_account} does not rent ${p.row.unit_no} of ${p.row.property_code} on ${p.row.date}`);
      }
      const referenceKey = paymentReferenceKey(reference);
      const writable = tenancy !== undefined && date !== undefined && amount !== undefined;
      if (referenceKey !== null) {
        const receipt = booked.get(referenceKey);
        const earlierLine =
          firstInSlice.get(referenceKey) ?? unwritten.get(referenceKey) ?? (receipt && (written.lineOf(receipt.id) ?? skippedBy.get(receipt.id)));
        if (earlierLine !== undefined) {
          check.problem(p.line, 'reference', `${reference} is also on line ${earlierLine}: one payment, one line`);
          continue;
        }
        firstInSlice.set(referenceKey, p.line);
        const keepUnwritten = () => unwritten.size < PROBLEMS_LISTED && unwritten.set(referenceKey, p.line);
        if (receipt && tenancy && amount !== undefined) {
          if (bookedAgain(receipt, { tenancyId: tenancy.id, amount }) === 'same') {
            skippedBy.set(receipt.id, p.line);
            alreadyBooked++;
            continue;
          }
          check.problem(
            p.line,
            'reference',
            `${reference} is already booked as receipt ${receipt.id}: ${bookedText(receipt, check.timeZone)}; this line has ${formatAmount(amount)} from ${p.row.tenant_account}`,
          );
          keepUnwritten();
          continue;
        }
        if (!writable) keepUnwritten();
      }
      if (tenancy && date !== undefined && amount !== undefined) receipts.push({ line: p.line, tenancyId: tenancy.id, date, amount, reference, referenceKey });
    }
    return { kind: 'receipts', receipts, alreadyBooked };
  };
};

function bookedText(receipt: BookedReceipt, timeZone: string): string {
  return `${formatAmount(receipt.amount)} from ${receipt.tenantAccount} on ${dayText(receipt.date, timeZone)}`;
}

const planExpenses: Planner = (facts, companyId, check) => {
  const properties = facts.ids('properties');
  return (rows) => {
    const values = rows.map((p) => ({
      propertyId: propertyOf(check, p, properties),
      date: check.date(p, 'date', true),
      description: check.text(p, 'description', true),
      amount: check.money(p, 'amount', true, { positive: true }),
    }));
    return {
      kind: 'expenses',
      rows: values.map((v) => ({
        table: 'expenses',
        named: [],
        row: { company_id: companyId, property_id: v.propertyId, expense_date: v.date, description: v.description, amount_cents: v.amount },
      })),
    };
  };
};

const PLANNERS: Record<LedgerImportKind, Planner> = {
  landlords: planLandlords,
  properties: planProperties,
  units: planUnits,
  tenants: planTenants,
  tenancies: planTenancies,
  charges: planCharges,
  receipts: planReceipts,
  expenses: planExpenses,
};

interface References {
  properties: Map<string, number>;
  units: Map<string, UnitKeyRow>;
  tenants: Map<string, number>;
  tenancies: TenancyKeyRow[];
  /** The tenancies of each unit, in the order of `tenancies` (a row's tenancy found without a scan of all). */
  tenanciesOfUnit: Map<number, TenancyKeyRow[]>;
}

function references(facts: LedgerImportFacts): References {
  const tenancies = facts.tenancies();
  const tenanciesOfUnit = new Map<number, TenancyKeyRow[]>();
  for (const t of tenancies) {
    const ofUnit = tenanciesOfUnit.get(t.unitId);
    if (ofUnit) ofUnit.push(t);
    else tenanciesOfUnit.set(t.unitId, [t]);
  }
  return { properties: facts.ids('properties'), units: facts.units(), tenants: facts.ids('tenants'), tenancies, tenanciesOfUnit };
}

function propertyOf(check: Checker, p: ParsedRow, properties: Map<string, number>): number | undefined {
  const code = check.text(p, 'property_code', true);
  if (code === undefined) return undefined;
  return (
    properties.get(code) ??
    check.problem(
      p.line,
      'property_code',
      `no property ${JSON.stringify(code)} (import properties first)${candidatesNote(code, properties.keys(), 'property codes')}`,
    )
  );
}

function unitOf(check: Checker, p: ParsedRow, refs: References): UnitKeyRow | undefined {
  const propertyId = propertyOf(check, p, refs.properties);
  const unitNo = check.text(p, 'unit_no', true);
  if (propertyId === undefined || unitNo === undefined) return undefined;
  return (
    refs.units.get(unitKey(propertyId, unitNo)) ??
    check.problem(
      p.line,
      'unit_no',
      `no unit ${JSON.stringify(unitNo)} in property ${p.row.property_code}${candidatesNote(unitNo, unitNumbersOf(refs, propertyId), 'its units')}`,
    )
  );
}

function tenantOf(check: Checker, p: ParsedRow, refs: References): number | undefined {
  const account = check.text(p, 'tenant_account', true);
  if (account === undefined) return undefined;
  return (
    refs.tenants.get(account) ??
    check.problem(
      p.line,
      'tenant_account',
      `no tenant ${JSON.stringify(account)} (import tenants first)${candidatesNote(account, refs.tenants.keys(), 'tenant accounts')}`,
    )
  );
}

/** The unit numbers of one property, for a refusal that lists them. */
function unitNumbersOf(refs: References, propertyId: number): string[] {
  const prefix = `${propertyId}/`;
  return [...refs.units.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}
