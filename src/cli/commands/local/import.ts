/**
 * `shopprop local import <kind> <file>`: a CSV file (header row) into the local store, all or
 * nothing; every bad row is reported with its line and field.
 */
import { readFile } from 'node:fs/promises';
import { countOf } from '../../../domain/plural.js';
import type { ShopStore } from '../../../store/shop-store.js';
import { canonicalEncoding, encodingOfMark } from '../../byte-order-mark.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';
import { decodeImportFile, ImportEncodingError } from '../../import-text.js';
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
type Importer = (store: ShopStore, companyId: number, csv: string) => Promise<Record<string, number>>;

const importers: Record<ImportKind, Importer> = {
  products: async (store, companyId, csv) => store.importProducts(companyId, csv),
  specs: async (store, companyId, csv) => store.importItemSpecs(companyId, csv),
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
  return async (store, companyId, csv) => {
    const { imported, alreadyBooked } = await store.importLedger(companyId, kind, csv);
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
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new CliUsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // A byte order mark names the file's encoding, whatever --encoding says (unless it names none we know).
  const marked = encodingOfMark(bytes);
  const named = canonicalEncoding(options.encoding ?? 'utf-8');
  const encoding = marked !== undefined && named !== undefined ? marked : options.encoding;
  if (marked !== undefined && named !== undefined && marked !== named) {
    context.say(`${file} starts with a ${marked.toUpperCase()} byte order mark, so it is read as ${marked}, not ${options.encoding ?? 'utf-8'}`);
  }
  let csv: string;
  try {
    csv = decodeImportFile(bytes, encoding);
  } catch (error) {
    if (error instanceof ImportEncodingError) throw new CliUsageError(`${file}: ${error.message}`);
    throw error;
  }
  const counts = await withLocalStore(context, (store) => importers[kind as ImportKind](store, companyId, csv));
  context.say(`${importSummary(counts)} from ${file} into company ${companyId}${skippedNote(counts)}`);
}
