/**
 * Receipt allocations, inside the writer's unit: after charges or receipts are written, each
 * tenancy they touch has its events read and its allocations planned by
 * rules/ledger-allocation-plan.ts (only the new receipts' when nothing arrived late; the
 * tenancy's whole otherwise), and the plan is written here with its month totals.
 */
import type { LedgerReceipt } from '../../domain/receipt-allocation.js';
import {
  monthFinder,
  planTenancyAllocation,
  rederiveTenancy,
  type NewEvents,
  type StoredCharge,
  type TenancyAllocationPlan,
  type TenancyEvents,
} from '../rules/ledger-allocation-plan.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';
import { dialects, sql } from '../unit-of-work/sql.js';
import { addReceipt, insertAllocationsOf, insertTenancyAllocations, replaceMonthsOf, replaceTenancyMonths } from './ledger-months.js';

const CHARGE_FIELDS =
  'id as "chargeId", kind, charge_date as "chargeDate", service_id as "serviceId", month_key as "monthKey", amount_cents as amount, tax_cents as tax';
const RECEIPT_FIELDS = 'id as "receiptId", receipt_date as date, amount_cents as amount';
const CHARGES = sql(`select ${CHARGE_FIELDS} from charges where tenancy_id = ? order by id`);
const RECEIPTS = sql(`select ${RECEIPT_FIELDS} from receipts where tenancy_id = ? order by id`);

/** A tenancy's dated events as stored: every charge and every receipt (the input of allocation). */
export async function tenancyEvents(tx: Tx, tenancyId: number): Promise<TenancyEvents> {
  return { charges: await tx.all<StoredCharge>(CHARGES, [tenancyId]), receipts: await tx.all<LedgerReceipt>(RECEIPTS, [tenancyId]) };
}

/** Parameter: the tenancy ids as a JSON array. */
const CHARGES_OF = dialects({
  sqlite: `select tenancy_id as "tenancyId", ${CHARGE_FIELDS} from charges where tenancy_id in (select value from json_each(?)) order by tenancy_id, id`,
  postgres: `select tenancy_id as "tenancyId", ${CHARGE_FIELDS} from charges where tenancy_id = any(array(select json_array_elements_text($1::json)::bigint)) order by tenancy_id, id`,
});
const RECEIPTS_OF = dialects({
  sqlite: `select tenancy_id as "tenancyId", ${RECEIPT_FIELDS} from receipts where tenancy_id in (select value from json_each(?)) order by tenancy_id, id`,
  postgres: `select tenancy_id as "tenancyId", ${RECEIPT_FIELDS} from receipts where tenancy_id = any(array(select json_array_elements_text($1::json)::bigint)) order by tenancy_id, id`,
});
const DELETE_ALLOCATIONS_OF = dialects({
  sqlite: 'delete from receipt_allocations where tenancy_id in (select value from json_each(?))',
  postgres: 'delete from receipt_allocations where tenancy_id = any(array(select json_array_elements_text($1::json)::bigint))',
});

/**
 * Tenancies derived together: their events read, and their allocations and month rows written,
 * a few statements for all of them (not six per tenancy: round trips are PostgreSQL's cost).
 * Memory holds the events of this many tenancies at a time.
 */
const TENANCIES_AT_ONCE = 50;

/** The events of several tenancies, by tenancy. */
async function eventsOf(tx: Tx, tenancyIds: readonly number[]): Promise<Map<number, TenancyEvents>> {
  const events = new Map<number, TenancyEvents>(tenancyIds.map((id) => [id, { charges: [], receipts: [] }]));
  const list = JSON.stringify(tenancyIds);
  for (const { tenancyId, ...charge } of await tx.all<StoredCharge & { tenancyId: number }>(CHARGES_OF, [list])) events.get(tenancyId)!.charges.push(charge);
  for (const { tenancyId, ...receipt } of await tx.all<LedgerReceipt & { tenancyId: number }>(RECEIPTS_OF, [list]))
    events.get(tenancyId)!.receipts.push(receipt);
  return events;
}

/** Derives the allocations of the tenancies a write touched (in the write's unit, the tenancies held). */
export async function allocateTouched(tx: Tx, timeZone: string, touched: ReadonlyMap<number, NewEvents>): Promise<void> {
  const monthOfDate = monthFinder(timeZone);
  const ids = [...touched.keys()];
  for (let at = 0; at < ids.length; at += TENANCIES_AT_ONCE) {
    const batch = ids.slice(at, at + TENANCIES_AT_ONCE);
    const events = await eventsOf(tx, batch);
    await writeAllocationPlans(
      tx,
      batch.map((tenancyId) => [tenancyId, planTenancyAllocation(events.get(tenancyId)!, touched.get(tenancyId)!, monthOfDate)]),
    );
  }
}

async function writeAllocationPlans(tx: Tx, plans: readonly (readonly [number, TenancyAllocationPlan])[]): Promise<void> {
  const rewrites = plans.filter(([, plan]) => plan.rewrite);
  if (rewrites.length > 0) {
    await tx.run(DELETE_ALLOCATIONS_OF, [JSON.stringify(rewrites.map(([id]) => id))]);
    await insertAllocationsOf(
      tx,
      rewrites.map(([tenancyId, plan]) => ({ tenancyId, receipts: plan.receipts })),
    );
    await replaceMonthsOf(
      tx,
      rewrites.map(([tenancyId, plan]) => ({ tenancyId, months: plan.rewrite ? plan.months : [] })),
    );
  }
  for (const [tenancyId, plan] of plans) {
    if (plan.rewrite) continue;
    await insertTenancyAllocations(tx, tenancyId, plan.receipts);
    // New charges are already in the month totals; new receipts' allocations are added.
    for (const r of plan.receipts) await addReceipt(tx, { tenancyId, ...r.month });
  }
}

const DELETE_ALLOCATIONS = sql('delete from receipt_allocations where tenancy_id = ?');

async function writeAllocationPlan(tx: Tx, tenancyId: number, plan: TenancyAllocationPlan): Promise<void> {
  if (plan.rewrite) {
    await tx.run(DELETE_ALLOCATIONS, [tenancyId]);
    await insertTenancyAllocations(tx, tenancyId, plan.receipts);
    await replaceTenancyMonths(tx, tenancyId, plan.months);
    return;
  }
  await writeAllocationPlans(tx, [[tenancyId, plan]]);
}

const TENANCIES_OF_COMPANY = sql('select id from tenancies where company_id = ? order by id');

/**
 * Derives every tenancy's allocations and month totals of a company again from its events (an
 * upgrade from an older allocation rule; the benchmark of a full rebuild), its tenancies held.
 */
export async function reallocateCompany(tx: Tx, companyId: number, timeZone: string): Promise<void> {
  const ids = (await tx.all<{ id: number }>(TENANCIES_OF_COMPANY, [companyId])).map((r) => r.id);
  await tx.lockRows('tenancies', ids);
  const monthOfDate = monthFinder(timeZone);
  for (const tenancyId of ids) await writeAllocationPlan(tx, tenancyId, rederiveTenancy(await tenancyEvents(tx, tenancyId), monthOfDate));
}

const PENDING = sql(
  'select p.company_id as "companyId", c.time_zone as "timeZone" from ledger_rederive_pending p join companies c on c.id = p.company_id order by p.company_id',
);
const CLAIM = sql('delete from ledger_rederive_pending where company_id = ?');

/**
 * Derives again the allocations of every company a store upgrade marked (migration
 * 2026-11-25-20-ledger-replay), one company per unit; a company another instance took first is
 * skipped. Returns how many companies this call derived. Costs one small query when nothing is
 * marked; about 20 s for a 10,000-unit company on SQLite, once.
 */
export async function rederivePendingLedgers(engine: Engine): Promise<number> {
  const pending = await engine.unit('read', (tx) => tx.all<{ companyId: number; timeZone: string }>(PENDING));
  let done = 0;
  for (const { companyId, timeZone } of pending) {
    const claimed = await engine.unit('write', async (tx) => {
      if ((await tx.run(CLAIM, [companyId])) !== 1) return false;
      await reallocateCompany(tx, companyId, timeZone);
      return true;
    });
    if (claimed) done++;
  }
  return done;
}
