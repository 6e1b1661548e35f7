/**
 * Demo data in an empty PostgreSQL database: the same rows as `shopprop demo` writes into a
 * SQLite file for the same seed, scale and "now". What the demo holds is decided once, by the
 * seeding of store/sqlite/demo/ (its rows, and the statements prepared through the statement
 * units as a user would); PostgreSQL's writer is the copy of `local copy`: the demo is seeded
 * into a private temporary SQLite file, copied in one transaction (ids and sequences kept), and
 * every table's row count and digest compared before the file is deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { createDemoFile, type DemoSummary } from '../sqlite/demo/demo-file.js';
import { DemoAlreadySeededError, type DemoOptions } from '../sqlite/demo/seed-demo.js';
import { openSqliteShopStore } from '../sqlite/sqlite-shop-store.js';
import { copySqliteToPostgres } from './copy-from-sqlite.js';
import { migratePostgres } from './migrate-postgres.js';

/**
 * Fills the database (its schema brought up to date first) with the demo; `location` names it
 * in messages (a URL without its password). Refused (a usage error) when it holds a company.
 */
export async function createPostgresDemo(pool: pg.Pool, location: string, options: DemoOptions = {}): Promise<DemoSummary> {
  await migratePostgres(pool);
  if ((await pool.query('select 1 from companies limit 1')).rowCount) {
    throw new DemoAlreadySeededError(`the store ${location} already holds data; demo data goes into an empty store`);
  }
  // A directory of this process's own (mode 0700): the file holds the demo's password-free rows only, and is deleted after.
  const dir = mkdtempSync(join(tmpdir(), 'shopprop-demo-'));
  try {
    const file = join(dir, 'demo.db');
    const summary = await createDemoFile(file, options);
    const source = await openSqliteShopStore(file);
    try {
      const copy = await copySqliteToPostgres(source, pool);
      if (copy.differences.length > 0) throw new Error(`the demo's copy differs from its rows in ${copy.differences.join(', ')}`);
    } finally {
      await source.close();
    }
    return summary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
