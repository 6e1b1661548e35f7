/**
 * Opens (creating if need be) the local SQLite store and brings its schema up to date.
 *
 * WAL with synchronous=FULL: an acknowledged write survives a power cut, not only a crash.
 * The busy timeout lets a second process (a `serve` and an embedded CLI run) wait its turn
 * instead of failing at once.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Migration } from 'kysely';
import type { Database } from './database.js';
import { migrations as allMigrations } from './migrations/index.js';

export interface Store {
  /** Typed query builder for most work. */
  readonly db: Kysely<Database>;
  /** The raw connection, for synchronous transactions and hot read paths. */
  readonly sqlite: SqliteDatabase.Database;
  readonly file: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Apply only the migrations up to and including this name (tests of upgrades). */
  migrateTo?: string;
  /** Replace the migration list (tests of upgrades). */
  migrations?: Record<string, Migration>;
}

export async function openStore(file: string, options: OpenOptions = {}): Promise<Store> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrate(db, options);
    let closed = false;
    return {
      db,
      sqlite,
      file,
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

async function migrate(db: Kysely<Database>, options: OpenOptions): Promise<void> {
  const list = options.migrations ?? allMigrations;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => list },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const known = new Set(Object.keys(list));
  const applied = await appliedMigrations(db);
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0 && !options.migrations) {
    throw new Error(`this database was written by a newer version of shopprop (schema ${unknown.at(-1)}); upgrade shopprop to open it`);
  }
  const result = options.migrateTo ? await migrator.migrateTo(options.migrateTo) : await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database schema upgrade failed at ${failed}: ${(result.error as Error).message ?? result.error}`);
  }
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'schema_migrations')) return [];
  const rows = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}
