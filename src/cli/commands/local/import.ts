/**
 * `shopprop local import <kind> <file>`: a CSV file (header row) into the local store, all or
 * nothing; every bad row is reported with its line and field. The file is read as a stream
 * (import-file.ts), so its size is not bounded by memory.
 */
import { countOf } from '../../../domain/plural.js';
import type { ImportSource } from '../../../store/import-source.js';
import type { ShopStore } from '../../../store/shop-store.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { importFileError, openImportFile } from '../../import-file.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';
import { IMPORT_KINDS } from './register.js';
import { type LedgerImportKind } from '../../../store/property-store.js';

/** What one row of each count is called (the counts are keyed by the plural). */
const SINGULAR: Readonly<Record<string, string>> = {
  products: 'product',
  units: 'unit',
  landlords: 'landlord',
  properties: 'property',
  tenants: 'tenant',
  tenancies: 'tenancy',
  charges: 'charge',
  receipts: 'receipt',
  expenses: 'expense',
};

/**
 * The import's counts as one sentence: "imported 12 products and created 2 categories". Rows
 * made along the way are said only when there are some; receipts skipped are skippedNote's.
 */
export function importSummary(counts: Readonly<Record<string, number>>): string {
  const { categoriesCreated = 0, alreadyBooked: _skipped, ...imported } = counts;
  const parts = Object.entries(imported).map(([what, n]) => `imported ${countOf(n, SINGULAR[what] ?? what, what)}`);
  if (categoriesCreated > 0) parts.push(`created ${countOf(categoriesCreated, 'category', 'categories')}`);
  return parts.join(' and ');
}

/** Receipts skipped because their payment reference was booked before: "; 2 receipts already booked (same reference), skipped". */
export function skippedNote(counts: Readonly<Record<string, number>>): string {
  const skipped = counts.alreadyBooked ?? 0;
  return skipped > 0 ? `; ${countOf(skipped, 'receipt')} already booked (same reference), skipped` : '';
}

type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * SQLite's page cache for an import (outside the JS heap): a file's rows and their indexes go in
 * as one transaction, and SQLite's default 2 MB cache sends most index pages of a large one back
 * to the disk and reads them again.
 */
const IMPORT_PAGE_CACHE_KIB = 64 * 1024;
type Importer = (store: ShopStore, companyId: number, file: ImportSource) => Promise<Record<string, number>>;

const importers: Record<ImportKind, Importer> = {
  products: async (store, companyId, file) => store.importProducts(companyId, file),
  specs: async (store, companyId, file) => store.importItemSpecs(companyId, file),
  landlords: ledger('landlords'),
  properties: ledger('properties'),
  units: ledger('units'),
  tenants: ledger('tenants'),
  tenancies: ledger('tenancies'),
  charges: ledger('charges'),
  receipts: ledger('receipts'),
  expenses: ledger('expenses'),
};

function ledger(kind: LedgerImportKind): Importer {
  return async (store, companyId, file) => {
    const { imported, alreadyBooked } = await store.importLedger(companyId, kind, file);
    return alreadyBooked > 0 ? { [kind]: imported, alreadyBooked } : { [kind]: imported };
  };
}

export async function run(options: { company?: number; encoding?: string } & GlobalOptions, args: string[]): Promise<void> {
  const [kind, file] = args as [string, string];
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) {
    throw new CliUsageError(`unknown import kind "${kind}"; expected one of: ${IMPORT_KINDS.join(', ')}`);
  }
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  // Read as a stream inside the import's transaction: the file is never held whole.
  const opened = await openImportFile(context, file, options.encoding);
  let counts: Record<string, number>;
  try {
    counts = await withLocalStore(context, (store) => importers[kind as ImportKind](store, companyId, opened.source), { pageCacheKiB: IMPORT_PAGE_CACHE_KIB });
  } catch (error) {
    throw importFileError(file, error);
  } finally {
    opened.done();
  }
  context.say(`${importSummary(counts)} from ${file} into company ${companyId}${skippedNote(counts)}`);
}
