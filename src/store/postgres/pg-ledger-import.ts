/**
 * Ledger imports on PostgreSQL, one unit of work each: the same plan as SQLite's
 * (services/ledger-import-plan.ts: every problem of every row, or the rows to write) over facts
 * read first, then the plan written; receipt allocations derived from the dated ledger in the
 * same transaction (services/ledger-allocation-plan.ts). All or nothing.
 *
 * How the rules hold with several instances on one database:
 * - charges and receipts: the rows of the tenancies the file touches are locked (SELECT ... FOR
 *   NO KEY UPDATE, in id order) before anything of theirs is read or written, and the file is
 *   checked again after the locks; two imports of one tenancy take turns, so the second replays
 *   the first's events and no running total of ledger_months loses an update. One rent and one
 *   service charge per tenancy and month is also the unique index charges_monthly.
 * - reference data and expenses: SERIALIZABLE, the whole unit tried again on a serialization
 *   failure, so two files that pass their checks only apart (a code, an overlapping tenancy)
 *   cannot both go in; the unique indexes are the last word.
 */
import type pg from 'pg';
import {
  monthFinder,
  planTenancyAllocation,
  rederiveTenancy,
  touchedBy,
  type NewEvents,
  type StoredCharge,
  type TenancyAllocationPlan,
  type TenancyEvents,
} from '../../services/ledger-allocation-plan.js';
import {
  chargeKey,
  checkImportKind,
  FACTS_OF_KIND,
  importResultOf,
  keyColumnOf,
  paymentReferenceKeysOf,
  parseLedgerCsv,
  planLedgerImport,
  unitKey,
  type KeyedTable,
  type LedgerImportFacts,
  type LedgerImportPlan,
  type NamedReference,
  type ParsedRow,
  type TenancyKeyRow,
  type UnitKeyRow,
} from '../../services/ledger-import-plan.js';
import { companyOrThrow } from '../../services/report-month.js';
import type { LedgerReceipt } from '../../domain/receipt-allocation.js';
import type { ImportResult, LedgerImportKind } from '../property-store.js';
import { BOOKED_RECEIPTS_SQL, bookedByKey, type BookedReceiptRow } from '../booked-receipts-query.js';
import { addChargeOnPostgres, addReceiptOnPostgres, insertAllocationsOnPostgres, replaceTenancyMonthsOnPostgres } from './pg-ledger-months.js';
import { findCompanyOnPostgres } from './pg-property-reads.js';
import { insertRowOnPostgres, rowsOf, type Queryable } from './pg-rows.js';
import { inTransaction } from './pg-unit-of-work.js';

/**
 * SQLSTATEs after which a unit is tried again whole: serialization failure, deadlock, and a
 * unique violation (a row another instance committed after this unit's checks: tried again,
 * the checks see it and name it).
 */
const RETRY_STATES = new Set(['40001', '40P01', '23505']);
const ATTEMPTS = 10;

/** Runs a unit of work, again from the start (after a short random pause) when the database chose it to give way. */
export async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRY_STATES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

const LEDGER_KINDS: ReadonlySet<LedgerImportKind> = new Set(['charges', 'receipts']);

export async function importLedgerOnPostgres(pool: pg.Pool, companyId: number, kind: LedgerImportKind, csvText: string): Promise<ImportResult> {
  checkImportKind(kind);
  const ledger = LEDGER_KINDS.has(kind);
  return await withRetry(() =>
    inTransaction(pool, async (client) => {
      if (!ledger) await client.query('set transaction isolation level serializable');
      const company = companyOrThrow(await findCompanyOnPostgres(client, companyId), companyId);
      const rows = parseLedgerCsv(kind, csvText);
      let plan = planLedgerImport(kind, rows, await readFacts(client, companyId, kind, rows), companyId, company.timeZone);
      if (ledger) {
        // Lock the tenancies the file touches, then check it again on what committed before the locks.
        const locked = new Set<number>();
        for (let needed = tenanciesOf(plan); needed.some((id) => !locked.has(id)); needed = tenanciesOf(plan)) {
          await lockTenancies(client, needed.filter((id) => !locked.has(id)));
          for (const id of needed) locked.add(id);
          plan = planLedgerImport(kind, rows, await readFacts(client, companyId, kind, rows), companyId, company.timeZone);
        }
      }
      await writePlan(client, companyId, company.timeZone, plan);
      return importResultOf(kind, rows.length, plan);
    }),
  );
}

function tenanciesOf(plan: LedgerImportPlan): number[] {
  if (plan.kind === 'charges') return plan.charges.map((c) => c.tenancyId);
  if (plan.kind === 'receipts') return plan.receipts.map((r) => r.tenancyId);
  return [];
}

/** Locks tenancies' rows for their ledger writes, in id order (two writers never wait on each other in a circle). */
async function lockTenancies(client: Queryable, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length > 0) await client.query('select id from tenancies where id = any($1) order by id for no key update', [unique]);
}

/** The facts a kind of file asks (FACTS_OF_KIND), read at once. */
async function readFacts(client: Queryable, companyId: number, kind: LedgerImportKind, rows: readonly ParsedRow[]): Promise<LedgerImportFacts> {
  const needs = FACTS_OF_KIND[kind];
  const ids = new Map<KeyedTable, Map<string, number>>();
  for (const table of needs.ids) ids.set(table, await idsByKey(client, table, companyId));
  const units = needs.units
    ? await rowsOf<UnitKeyRow>(
        client,
        `select id, property_id as "propertyId", unit_no as "unitNo", service_charge_cents as "serviceChargeCents",
                service_id as "serviceId", rent_tax_rate_bp as "rentTaxRateBp", service_tax_rate_bp as "serviceTaxRateBp",
                market_rent_cents as "marketRentCents"
           from units where company_id = $1`,
        [companyId],
      )
    : [];
  const tenancies = needs.tenancies
    ? await rowsOf<TenancyKeyRow>(
        client,
        'select id, unit_id as "unitId", tenant_id as "tenantId", start_date as "startDate", end_date as "endDate" from tenancies where company_id = $1 order by start_date, id',
        [companyId],
      )
    : [];
  const charges = needs.chargeKeys
    ? await rowsOf<{ tenancy_id: number; kind: 'rent' | 'service'; service_id: number | null; month_key: number }>(
        client,
        `select tenancy_id, kind, service_id, month_key from charges where company_id = $1 and kind in ('rent', 'service')`,
        [companyId],
      )
    : [];
  const referenceKeys = needs.bookedReceipts ? paymentReferenceKeysOf(rows) : [];
  const booked = bookedByKey(referenceKeys.length > 0 ? await rowsOf<BookedReceiptRow>(client, BOOKED_RECEIPTS_SQL.postgres, [companyId, JSON.stringify(referenceKeys)]) : []);
  const keyed = new Map(units.map((u) => [unitKey(u.propertyId, u.unitNo), u]));
  const chargeKeys = new Set(charges.map((c) => chargeKey(c.tenancy_id, c.kind, c.service_id, c.month_key)));
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

async function idsByKey(client: Queryable, table: KeyedTable, companyId: number): Promise<Map<string, number>> {
  const rows = await rowsOf<{ key: string; id: number }>(client, `select ${keyColumnOf(table)} as key, id from ${table} where company_id = $1`, [companyId]);
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Zones, field officers and services by name: an unknown one is created with the first row that names it. */
function namedIds(client: Queryable, companyId: number): (reference: NamedReference) => Promise<number> {
  const tables = new Map<string, Map<string, number>>();
  return async ({ table, name }) => {
    let ids = tables.get(table);
    if (!ids) tables.set(table, (ids = await idsByKey(client, table, companyId)));
    const known = ids.get(name);
    if (known !== undefined) return known;
    const id = await insertRowOnPostgres(client, table, { company_id: companyId, name });
    ids.set(name, id);
    return id;
  };
}

async function writePlan(client: Queryable, companyId: number, timeZone: string, plan: LedgerImportPlan): Promise<void> {
  const named = namedIds(client, companyId);
  if (plan.kind === 'charges') {
    const touched = new Map<number, NewEvents>();
    for (const c of plan.charges) {
      const serviceId = c.serviceId ?? (c.newService === null ? null : await named({ column: 'service_id', table: 'services', name: c.newService }));
      const chargeId = await insertRowOnPostgres(client, 'charges', {
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
      await addChargeOnPostgres(client, { ...c, serviceId });
      touchedBy(touched, c.tenancyId).chargeIds.add(chargeId);
    }
    await allocateTouched(client, timeZone, touched);
  } else if (plan.kind === 'receipts') {
    const touched = new Map<number, NewEvents>();
    for (const r of plan.receipts) {
      const receiptId = await insertRowOnPostgres(client, 'receipts', {
        company_id: companyId,
        tenancy_id: r.tenancyId,
        receipt_date: r.date,
        amount_cents: r.amount,
        reference: r.reference,
        reference_key: r.referenceKey,
      });
      touchedBy(touched, r.tenancyId).receiptIds.add(receiptId);
    }
    await allocateTouched(client, timeZone, touched);
  } else {
    for (const { table, row, named: references } of plan.rows) {
      const resolved = { ...row };
      for (const reference of references) resolved[reference.column] = await named(reference);
      await insertRowOnPostgres(client, table, resolved);
    }
  }
}

/** A tenancy's dated events as stored (the caller holds its lock). */
async function tenancyEvents(client: Queryable, tenancyId: number): Promise<TenancyEvents> {
  const charges = await rowsOf<StoredCharge>(
    client,
    `select id as "chargeId", kind, charge_date as "chargeDate", service_id as "serviceId", month_key as "monthKey", amount_cents as amount, tax_cents as tax
       from charges where tenancy_id = $1 order by id`,
    [tenancyId],
  );
  const receipts = await rowsOf<LedgerReceipt>(client, 'select id as "receiptId", receipt_date as date, amount_cents as amount from receipts where tenancy_id = $1 order by id', [tenancyId]);
  return { charges, receipts };
}

async function allocateTouched(client: Queryable, timeZone: string, touched: ReadonlyMap<number, NewEvents>): Promise<void> {
  const monthOfDate = monthFinder(timeZone);
  for (const [tenancyId, fresh] of touched) await writeAllocationPlan(client, tenancyId, planTenancyAllocation(await tenancyEvents(client, tenancyId), fresh, monthOfDate));
}

async function writeAllocationPlan(client: Queryable, tenancyId: number, plan: TenancyAllocationPlan): Promise<void> {
  if (plan.rewrite) await client.query('delete from receipt_allocations where tenancy_id = $1', [tenancyId]);
  for (const r of plan.receipts) {
    await insertAllocationsOnPostgres(client, { receiptId: r.receiptId, tenancyId, date: r.date }, r.allocations);
    // New charges are already in the month totals; new receipts' allocations are added.
    if (!plan.rewrite) await addReceiptOnPostgres(client, { tenancyId, ...r.month });
  }
  if (plan.rewrite) await replaceTenancyMonthsOnPostgres(client, tenancyId, plan.months);
}

/**
 * Derives again the allocations of every company a store upgrade marked, one company per
 * transaction with its tenancies locked; a company another instance took first is skipped.
 * Returns how many companies this call derived.
 */
export async function rederivePendingOnPostgres(pool: pg.Pool): Promise<number> {
  const pending = await rowsOf<{ company_id: number; time_zone: string }>(
    pool,
    'select p.company_id, c.time_zone from ledger_rederive_pending p join companies c on c.id = p.company_id order by p.company_id',
  );
  let done = 0;
  for (const { company_id: companyId, time_zone: timeZone } of pending) {
    const did = await withRetry(() =>
      inTransaction(pool, async (client) => {
        const claimed = await client.query('delete from ledger_rederive_pending where company_id = $1', [companyId]);
        if (claimed.rowCount !== 1) return false;
        const ids = (await rowsOf<{ id: number }>(client, 'select id from tenancies where company_id = $1 order by id for no key update', [companyId])).map((r) => r.id);
        const monthOfDate = monthFinder(timeZone);
        for (const tenancyId of ids) await writeAllocationPlan(client, tenancyId, rederiveTenancy(await tenancyEvents(client, tenancyId), monthOfDate));
        return true;
      }),
    );
    if (did) done++;
  }
  return done;
}
