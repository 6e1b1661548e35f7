/**
 * Imports property reference data and the ledger from CSV files, one kind per file, all or
 * nothing. The file is read as a stream, a slice of rows at a time (import-rows.ts), inside the
 * one unit: each slice is planned by rules/ledger-import-plan.ts over facts read here first and
 * the slices before it, and written before the next is read, so memory holds a slice, not the
 * file; a file with any problem (every one collected, with its line and field) commits nothing.
 * Receipt allocations are derived from the dated ledger once, after the last slice
 * (ledger-allocation.ts): the order and batching of the imports do not matter.
 *
 * How the rules hold when imports meet (two terminals, two instances on one database):
 * - charges and receipts: the tenancies a slice touches are held (Tx.lockRows) before anything
 *   of theirs is written, and the receipts booked under its references read after; two
 *   imports of one tenancy take turns, so the second replays the first's events. One rent and
 *   one service charge per tenancy and month, and one receipt per payment reference, are also
 *   unique indexes.
 * - reference data and expenses: a serializable unit, so two files that pass their checks only
 *   apart (a code, an overlapping tenancy) cannot both go in; the unique indexes are the last
 *   word. A unit refused by a unique index is run again, and its checks then name the row.
 */
import type { ImportSource } from '../import-source.js';
import type { ImportResult, LedgerImportKind } from '../property-store.js';
import { ProblemList } from '../rules/import-problems.js';
import type { NewEvents } from '../rules/ledger-allocation-plan.js';
import {
  chargeKey,
  checkImportKind,
  FACTS_OF_KIND,
  importResultOf,
  keyColumnOf,
  ledgerColumns,
  LedgerImportError,
  ledgerPlanner,
  paymentReferenceKeysOf,
  unitKey,
  type BookedReceipt,
  type KeyedTable,
  type LedgerImportFacts,
  type LedgerImportPlan,
  type NamedReference,
  type ParsedRow,
  type TenancyKeyRow,
  type UnitKeyRow,
} from '../rules/ledger-import-plan.js';
import { StagedRows } from '../rules/staged-rows.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';
import { writeReceipts } from './book-receipts.js';
import { importRows } from './import-rows.js';
import { allocateTouched } from './ledger-allocation.js';
import { addCharge } from './ledger-months.js';
import { readBooked } from './mpesa-reads.js';
import { companyOrThrow } from './property-reads.js';

const LEDGER_KINDS: ReadonlySet<LedgerImportKind> = new Set(['charges', 'receipts']);
const NOTHING_BOOKED: ReadonlyMap<string, BookedReceipt> = new Map();

export async function importLedger(engine: Engine, companyId: number, kind: LedgerImportKind, source: ImportSource): Promise<ImportResult> {
  checkImportKind(kind);
  return engine.unit(
    LEDGER_KINDS.has(kind) ? 'write' : 'serializable',
    async (tx) => {
      const company = await companyOrThrow(tx, companyId);
      const problems = new ProblemList();
      const facts = await readFacts(tx, companyId, kind);
      const written = new StagedRows();
      const planner = ledgerPlanner(kind, facts, companyId, company.timeZone, problems, written);
      const writer = sliceWriter(tx, companyId, company.timeZone, written);
      const held = new Set<number>();
      let rows = 0;
      let alreadyBooked = 0;
      for await (const slice of importRows(source, ledgerColumns(kind), problems, (listed) => new LedgerImportError(kind, listed))) {
        const parsed: ParsedRow[] = slice.map((r) => ({ line: r.line, row: r.values }));
        rows += parsed.length;
        // Hold the tenancies the slice writes to before reading what it is checked against.
        const fresh = planner.tenanciesOf(parsed).filter((id) => !held.has(id));
        for (const id of fresh) held.add(id);
        if (fresh.length > 0) await tx.lockRows('tenancies', fresh);
        const booked = kind === 'receipts' ? await readBooked(tx, companyId, paymentReferenceKeysOf(parsed)) : NOTHING_BOOKED;
        const planned = planner.plan(parsed, booked);
        if (planned.kind === 'receipts') alreadyBooked += planned.alreadyBooked;
        // Once a row is refused nothing is committed; a receipts file's rows still go in, so that a
        // reference met again on a later line is found and named.
        if (!problems.any || planned.kind === 'receipts') await writer.write(planned);
      }
      if (problems.any) throw new LedgerImportError(kind, problems.listed, problems.total);
      await writer.finish();
      return importResultOf(kind, rows, kind === 'receipts' ? written.count : rows, alreadyBooked);
    },
    { retryOnUniqueViolation: true },
  );
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
async function readFacts(tx: Tx, companyId: number, kind: LedgerImportKind): Promise<LedgerImportFacts> {
  const needs = FACTS_OF_KIND[kind];
  const ids = new Map<KeyedTable, Map<string, number>>();
  for (const table of needs.ids) ids.set(table, await idsByKey(tx, table, companyId));
  const units = needs.units ? await tx.all<UnitKeyRow>(UNITS, [companyId]) : [];
  const tenancies = needs.tenancies ? await tx.all<TenancyKeyRow>(TENANCIES, [companyId]) : [];
  const charges = needs.chargeKeys
    ? await tx.all<{ tenancyId: number; kind: 'rent' | 'service'; serviceId: number | null; monthKey: number }>(CHARGE_KEYS, [companyId])
    : [];
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

/**
 * Writes a file's slices as they are planned, and at the end derives the allocations of the
 * tenancies they touched (once, whatever the number of slices). What it keeps between slices is
 * bounded by what the company holds (the tenancies touched, the zones and services named) but
 * for the new rows' ids, kept outside the heap (StagedRows).
 */
function sliceWriter(tx: Tx, companyId: number, timeZone: string, receipts: StagedRows) {
  const named = namedIds(tx, companyId);
  const charges = new StagedRows();
  const touched = new Map<number, NewEvents>();
  const touch = (tenancyId: number) => {
    if (!touched.has(tenancyId)) touched.set(tenancyId, { chargeIds: charges, receiptIds: receipts });
  };
  return {
    async write(plan: LedgerImportPlan): Promise<void> {
      if (plan.kind === 'receipts') {
        const ids = await writeReceipts(tx, companyId, plan.receipts);
        plan.receipts.forEach((r, i) => {
          receipts.add(ids[i]!, r.line);
          touch(r.tenancyId);
        });
      } else if (plan.kind === 'charges') {
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
          charges.add(chargeId, 0);
          touch(c.tenancyId);
        }
      } else {
        for (const { table, row, named: references } of plan.rows) {
          const resolved = { ...row };
          for (const reference of references) resolved[reference.column] = await named(reference);
          await tx.insert(table, resolved);
        }
      }
    },
    finish: () => allocateTouched(tx, timeZone, touched),
  };
}
