/**
 * Deterministic demo data: two companies, a phone shop's catalog and sales, and a property
 * portfolio with 18 months of ledger. The same seed, scale and "now" give the same data.
 */
import type { Store } from '../open-db.js';
import { seedCompanies } from './core-demo.js';
import type { DemoContext } from './demo-context.js';
import { seededRandom } from './random.js';
import { seedPropertyDemo } from './property-demo.js';
import { seedSalesDemo } from './sales-demo.js';

export interface DemoOptions {
  scale?: number;
  seed?: number;
  now?: number;
}

export class DemoAlreadySeededError extends Error {}

export function seedDemo(store: Store, options: DemoOptions = {}): DemoContext {
  const existing = store.sqlite.prepare<[], { n: number }>('select count(*) as n from companies').get()!.n;
  if (existing > 0) throw new DemoAlreadySeededError(`the store ${store.file} already holds data; demo data goes into an empty store`);
  const context: Omit<DemoContext, 'companies'> = {
    store,
    scale: options.scale ?? 1,
    random: seededRandom(options.seed ?? 20261122),
    now: options.now ?? Date.now(),
  };
  return store.sqlite.transaction(() => {
    const full: DemoContext = { ...context, companies: seedCompanies(store) };
    seedSalesDemo(full);
    seedPropertyDemo(full);
    return full;
  })();
}
