/**
 * Imports property reference data and the ledger from CSV files, one kind per file, all or
 * nothing. What a file amounts to (its columns, every problem of every row, the rows to write)
 * is rules/ledger-import-plan.ts, over facts read here first; a file with any problem
 * imports nothing. Receipt allocations are derived from the dated ledger in the same unit
 * (ledger-allocation.ts): the order and batching of the imports do not matter.
 *
 * How the rules hold when imports meet (two terminals, two instances on one database):
 * - charges and receipts: the tenancies the file touches are held (Tx.lockRows) before anything
 *   of theirs is written, and the file is checked again on what committed before the locks; two
 *   imports of one tenancy take turns, so the second replays the first's events. One rent and
 *   one service charge per tenancy and month, and one receipt per payment reference, are also
 *   unique indexes.
 * - reference data and expenses: a serializable unit, so two files that pass their checks only
 *   apart (a code, an overlapping tenancy) cannot both go in; the unique indexes are the last
 *   word. A unit refused by a unique index is run again, and its checks then name the row.
 */
import {
  chargeKey,
  checkImportKind,
  FACTS_OF_KIND,
  importResultOf,
  keyColumnOf,
  parseLedgerCsv,
  paymentReferenceKeysOf,
  planLedgerImport,
  unitKey,
  type KeyedTable,
  type LedgerImportFacts,
  type LedgerImportPlan,
  type NamedReference,
  type ParsedRow,
  type TenancyKeyRow,
  type UnitKeyRow,
} from '../rules/ledger-import-plan.js';
import { touchedBy, type NewEvents } from '../rules/ledger-allocation-plan.js';
import { BOOKED_RECEIPTS_SQL, bookedByKey, type BookedReceiptRow } from './booked-receipts-query.js';
import type { ImportResult, LedgerImportKind } from '../property-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';
import { allocateTouched } from './ledger-allocation.js';
import { bookReceipts } from './book-receipts.js';
import { addCharge } from './ledger-months.js';
import { companyOrThrow } from './property-reads.js';

const LEDGER_KINDS: ReadonlySet<LedgerImportKind> = new Set(['charges', 'receipts']);

export async function importLedger(engine: Engine, companyId: number, kind: LedgerImportKind, csvText: string): Promise<ImportResult> {
  checkImportKind(kind);
  // Parsed before the unit (no lock held meanwhile); an unknown company is still named first.
  let rows: ParsedRow[] | undefined;
  let unreadable: unknown;
  try {
    rows = parseLedgerCsv(kind, csvText);
  } catch (error) {
    unreadable = error;
  }
  const ledger = LEDGER_KINDS.has(kind);
  return engine.unit(
    ledger ? 'write' : 'serializable',
    async (tx) => {
      const company = await companyOrThrow(tx, companyId);
      if (!rows) throw unreadable;
      let plan = planLedgerImport(kind, rows, await readFacts(tx, companyId, kind, rows), companyId, company.timeZone);
      // Hold the tenancies the file touches, then check it again on what committed before.
      const held = new Set<number>();
      for (let needed = tenanciesOf(plan); needed.some((id) => !held.has(id)); needed = tenanciesOf(plan)) {
        const fresh = needed.filter((id) => !held.has(id));
        for (const id of fresh) held.add(id);
        if (!(await tx.lockRows('tenancies', fresh))) break;
        plan = planLedgerImport(kind, rows, await readFacts(tx, companyId, kind, rows), companyId, company.timeZone);
      }
      await writePlan(tx, companyId, company.timeZone, plan);
      return importResultOf(kind, rows.length, plan);
    },
    { retryOnUniqueViolation: true },
  );
}

function tenanciesOf(plan: LedgerImportPlan): number[] {
  if (plan.kind === 'charges') return plan.charges.map((c) => c.tenancyId);
  if (plan.kind === 'receipts') return plan.receipts.map((r) => r.tenancyId);
  return [];
}

const UNITS = sql(`select id, property_id as "propertyId", unit_no as "unitNo", service_charge_cents as "serviceChargeCents",
         service_id as "serviceId", rent_tax_rate_bp as "rentTaxRateBp", service_tax_rate_bp as "serviceTaxRateBp",
         market_rent_cents as "marketRentCents"
    from units where company_id = ?`);
const TENANCIES = sql(
  'select id, unit_id as "unitId", tenant_id as "tenantId", start_date as "startDate", end_date as "endDate" from tenancies where company_id = ? order by start_date, id',
);
const CHARGE_KEYS = sql(
  `select tenancy_id as "tenancyId", kind, service_id as "serviceId", month_key as "monthKey" from charges where company_id = ? and kind in ('rent', 'service')`,
);
const IDS_BY_KEY = Object.fromEntries(
  (['landlords', 'properties', 'tenants', 'zones', 'field_officers', 'services'] as const).map((table) => [
    table,
    sql(`select ${keyColumnOf(table)} as key, id from ${table} where company_id = ?`),
  ]),
) as Record<KeyedTable, ReturnType<typeof sql>>;

async function idsByKey(tx: Tx, table: KeyedTable, companyId: number): Promise<Map<string, number>> {
  return new Map((await tx.all<{ key: string; id: number }>(IDS_BY_KEY[table], [companyId])).map((r) => [r.key, r.id]));
}

/** The facts a kind of file asks (FACTS_OF_KIND), read at once. */
async function readFacts(tx: Tx, companyId: number, kind: LedgerImportKind, rows: readonly ParsedRow[]): Promise<LedgerImportFacts> {
  const needs = FACTS_OF_KIND[kind];
  const ids = new Map<KeyedTable, Map<string, number>>();
  for (const table of needs.ids) ids.set(table, await idsByKey(tx, table, companyId));
  const units = needs.units ? await tx.all<UnitKeyRow>(UNITS, [companyId]) : [];
  const tenancies = needs.tenancies ? await tx.all<TenancyKeyRow>(TENANCIES, [companyId]) : [];
  const charges = needs.chargeKeys
    ? await tx.all<{ tenancyId: number; kind: 'rent' | 'service'; serviceId: number | null; monthKey: number }>(CHARGE_KEYS, [companyId])
    : [];
  const referenceKeys = needs.bookedReceipts ? paymentReferenceKeysOf(rows) : [];
  const booked = bookedByKey(referenceKeys.length > 0 ? await tx.all<BookedReceiptRow>(BOOKED_RECEIPTS_SQL, [companyId, JSON.stringify(referenceKeys)]) : []);
  const keyed = new Map(units.map((u) => [unitKey(u.propertyId, u.unitNo), u]));
  const chargeKeys = new Set(charges.map((c) => chargeKey(c.tenancyId, c.kind, c.serviceId, c.monthKey)));
  return {
    ids: (table) => {
      const found = ids.get(table);
      if (!found) throw new Error(`the ${table} of an import were not read (FACTS_OF_KIND)`);
      return found;
    },
    units: () => keyed,
    tenancies: () => tenancies,
    chargeKeys: () => chargeKeys,
    bookedReceipts: () => booked,
  };
}

/** Zones, field officers and services by name: an unknown one is created with the first row that names it. */
function namedIds(tx: Tx, companyId: number): (reference: NamedReference) => Promise<number> {
  const tables = new Map<string, Map<string, number>>();
  return async ({ table, name }) => {
    let ids = tables.get(table);
    if (!ids) tables.set(table, (ids = await idsByKey(tx, table, companyId)));
    const known = ids.get(name);
    if (known !== undefined) return known;
    const id = await tx.insert(table, { company_id: companyId, name });
    ids.set(name, id);
    return id;
  };
}

async function writePlan(tx: Tx, companyId: number, timeZone: string, plan: LedgerImportPlan): Promise<void> {
  const named = namedIds(tx, companyId);
  if (plan.kind === 'charges') {
    const touched = new Map<number, NewEvents>();
    for (const c of plan.charges) {
      const serviceId = c.serviceId ?? (c.newService === null ? null : await named({ column: 'service_id', table: 'services', name: c.newService }));
      const chargeId = await tx.insert('charges', {
        company_id: companyId,
        tenancy_id: c.tenancyId,
        kind: c.kind,
        service_id: serviceId,
        month_key: c.monthKey,
        charge_date: c.chargeDate,
        amount_cents: c.amount,
        tax_cents: c.tax,
        description: c.description,
      });
      await addCharge(tx, { ...c, serviceId });
      touchedBy(touched, c.tenancyId).chargeIds.add(chargeId);
    }
    await allocateTouched(tx, timeZone, touched);
  } else if (plan.kind === 'receipts') {
    await bookReceipts(tx, companyId, timeZone, plan.receipts);
  } else {
    for (const { table, row, named: references } of plan.rows) {
      const resolved = { ...row };
      for (const reference of references) resolved[reference.column] = await named(reference);
      await tx.insert(table, resolved);
    }
  }
}
