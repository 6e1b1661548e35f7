/**
 * Imports property reference data and the ledger from CSV files on SQLite, one kind per file.
 * What a file amounts to (its columns, every problem of every row, the rows to write) is
 * services/ledger-import-plan.ts, over facts read here as it asks; a file with any problem
 * imports nothing. A good file goes in inside one transaction (IMMEDIATE: the write lock from
 * the first read). Receipt allocations are derived from the dated ledger in the same
 * transaction (ledger-allocation.ts): the order and batching of the imports do not matter.
 */
import { touchedBy, type NewEvents } from '../../services/ledger-allocation-plan.js';
import {
  checkImportKind,
  LedgerImportError,
  parseLedgerCsv,
  importResultOf,
  planLedgerImport,
  type LedgerImportFacts,
  type LedgerImportPlan,
  type NamedReference,
} from '../../services/ledger-import-plan.js';
import type { ImportResult, LedgerImportKind } from '../property-store.js';
import { allocateTouched } from './ledger-allocation.js';
import type { Store } from './open-db.js';
import { insertCharge, insertReceiptRow } from './property-ledger.repository.js';
import { bookedReceiptsOf, chargeKeysOfCompany, idsByKey, insertRow, tenanciesOfCompany, unitsByKey } from './property-reference.repository.js';
import { companyOrThrow } from './report-month.js';

export { LedgerImportError };

export function importLedger(store: Store, companyId: number, kind: LedgerImportKind, csvText: string): ImportResult {
  checkImportKind(kind);
  const company = companyOrThrow(store, companyId);
  const rows = parseLedgerCsv(kind, csvText);
  const run = store.sqlite.transaction(() => {
    const plan = planLedgerImport(kind, rows, factsOf(store, companyId), companyId, company.timeZone);
    writePlan(store, companyId, company.timeZone, plan);
    return importResultOf(kind, rows.length, plan);
  });
  return run.immediate();
}

/** The facts asked, read from the transaction as they are asked. */
function factsOf(store: Store, companyId: number): LedgerImportFacts {
  return {
    ids: (table) => idsByKey(store, table, companyId),
    units: () => unitsByKey(store, companyId),
    tenancies: () => tenanciesOfCompany(store, companyId),
    chargeKeys: () => chargeKeysOfCompany(store, companyId),
    bookedReceipts: (keys) => bookedReceiptsOf(store, companyId, keys),
  };
}

/** Zones, field officers and services by name: an unknown one is created with the first row that names it. */
function namedIds(store: Store, companyId: number): (reference: NamedReference) => number {
  const tables = new Map<string, Map<string, number>>();
  return ({ table, name }) => {
    const ids = tables.get(table) ?? tables.set(table, idsByKey(store, table, companyId)).get(table)!;
    return ids.get(name) ?? ids.set(name, insertRow(store, table, { company_id: companyId, name })).get(name)!;
  };
}

function writePlan(store: Store, companyId: number, timeZone: string, plan: LedgerImportPlan): void {
  const named = namedIds(store, companyId);
  if (plan.kind === 'charges') {
    const touched = new Map<number, NewEvents>();
    for (const c of plan.charges) {
      const serviceId = c.serviceId ?? (c.newService === null ? null : named({ column: 'service_id', table: 'services', name: c.newService }));
      const chargeId = insertCharge(store, { companyId, ...c, serviceId });
      touchedBy(touched, c.tenancyId).chargeIds.add(chargeId);
    }
    allocateTouched(store, timeZone, touched);
  } else if (plan.kind === 'receipts') {
    const touched = new Map<number, NewEvents>();
    for (const r of plan.receipts) touchedBy(touched, r.tenancyId).receiptIds.add(insertReceiptRow(store, { companyId, tenancyId: r.tenancyId, date: r.date, amount: r.amount, reference: r.reference }));
    allocateTouched(store, timeZone, touched);
  } else {
    for (const { table, row, named: references } of plan.rows) {
      const resolved = { ...row };
      for (const reference of references) resolved[reference.column] = named(reference);
      insertRow(store, table, resolved);
    }
  }
}
