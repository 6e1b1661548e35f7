/**
 * Deterministic demo data: two companies, a phone shop's catalog and sales, and a property
 * portfolio with 18 months of ledger and landlord statements. The same seed, scale and "now"
 * give the same data.
 *
 * The rows are written straight into the store (core-, sales- and property-demo.ts); the
 * statements are prepared by the statement units (statement-demo.ts), so this folder sits above both.
 */
import { KnownError } from '../../../contract/error-kinds.js';
import { hasCompanies, seedCompanies } from './core-demo.js';
import type { DemoContext } from './demo-context.js';
import { seedPropertyDemo } from './property-demo.js';
import { seededRandom } from './random.js';
import { seedSalesDemo } from './sales-demo.js';
import type { Store } from '../open-db.js';
import { sqliteEngine } from '../sqlite-engine.js';
import { seedDemoStatements } from './statement-demo.js';

export interface DemoOptions {
  scale?: number;
  seed?: number;
  now?: number;
}

/** A usage error: demo data goes into an empty store only. */
export class DemoAlreadySeededError extends KnownError {
  override readonly name = 'DemoAlreadySeededError';
  constructor(message: string) {
    super('usage', message);
  }
}

export async function seedDemo(store: Store, options: DemoOptions = {}): Promise<DemoContext> {
  if (hasCompanies(store)) throw new DemoAlreadySeededError(`the store ${store.file} already holds data; demo data goes into an empty store`);
  const context: Omit<DemoContext, 'companies'> = {
    store,
    scale: options.scale ?? 1,
    random: seededRandom(options.seed ?? 20261122),
    now: options.now ?? Date.now(),
  };
  return sqliteEngine(store).unit('write', async (tx) => {
    const full: DemoContext = { ...context, companies: seedCompanies(store) };
    seedSalesDemo(full);
    for (const portfolio of seedPropertyDemo(full)) await seedDemoStatements(tx, full, portfolio);
    return full;
  });
}
