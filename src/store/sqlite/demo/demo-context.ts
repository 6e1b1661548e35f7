/** What every part of the demo seeding receives. */
import type { Store } from '../open-db.js';
import type { Random } from './random.js';

export interface DemoContext {
  store: Store;
  /** Multiplies the volume of data (1 = the everyday demo; 100 = about 100k sales and 10k units). */
  scale: number;
  random: Random;
  /** The demo's "today" (epoch ms): data is dated up to it. */
  now: number;
  /** The two demo companies: the first is the big one; the second is small, to show isolation. */
  companies: readonly DemoCompany[];
}

export interface DemoCompany {
  id: number;
  name: string;
  timeZone: string;
  /** The company's admin user (id). */
  adminUserId: number;
  /** How much of the full volume this company gets (1 for company 1, a fraction for company 2). */
  share: number;
}

/** Insert rows in multi-row statements: one INSERT per row is several times slower (DESIGN.md). */
export function insertMany(store: Store, table: string, columns: readonly string[], rows: readonly unknown[][], chunkRows = 500): void {
  const perStatement = Math.max(1, Math.min(chunkRows, Math.floor(32000 / columns.length)));
  const placeholders = (n: number) => Array.from({ length: n }, () => `(${columns.map(() => '?').join(',')})`).join(',');
  const full = store.sqlite.prepare(`insert into ${table} (${columns.join(',')}) values ${placeholders(perStatement)}`);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const statement =
      chunk.length === perStatement ? full : store.sqlite.prepare(`insert into ${table} (${columns.join(',')}) values ${placeholders(chunk.length)}`);
    statement.run(chunk.flat());
  }
}
