/**
 * Opens (creating if need be) the local SQLite store and brings its schema up to date.
 *
 * WAL with synchronous=FULL: an acknowledged write survives a power cut, not only a crash.
 * Temporary data (savepoint journals, sorts) stays in memory.
 * The busy timeout lets a second process (a `serve` and an embedded CLI run) wait its turn
 * instead of failing at once. Queries use the raw better-sqlite3 connection (prepared
 * statements; synchronous transactions); kysely runs the schema migrations and is loaded only
 * when a migration is pending, since importing it costs about 200 ms.
 */
import SqliteDatabase from 'better-sqlite3';
import type { Migration } from 'kysely';
import { migrations as allMigrations } from './migrations/index.js';
import { preparePrivateFile } from '../private-file.js';

export interface Store {
  /** The connection: prepared statements, synchronous transactions. */
  readonly sqlite: SqliteDatabase.Database;
  readonly file: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Apply only the migrations up to and including this name (tests of upgrades). */
  migrateTo?: string;
  /** Replace the migration list (tests of upgrades). */
  migrations?: Record<string, Migration>;
  /**
   * Told before an existing store is upgraded, with the schema versions it lacks, so a person
   * waiting knows why (rebuilding an index of a million sales takes seconds). Not told when a
   * new store is made.
   */
  onUpgrade?: (pending: readonly string[]) => void;
  /** SQLite's page cache in KiB; better-sqlite3's default (16 MB) when not given. */
  pageCacheKiB?: number;
}

const MIGRATION_TABLE = 'schema_migrations';

export async function openStore(file: string, options: OpenOptions = {}): Promise<Store> {
  if (file !== ':memory:') preparePrivateFile(file);
  const sqlite = new SqliteDatabase(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Savepoints (a group commit holds one per sale) journal into a temporary file once their
    // journal passes 64 KB: keep temporary data in memory instead.
    sqlite.pragma('temp_store = MEMORY');
    if (options.pageCacheKiB !== undefined) sqlite.pragma(`cache_size = -${Math.trunc(options.pageCacheKiB)}`);
    await migrate(sqlite, options);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  let closed = false;
  return {
    sqlite,
    file,
    async close() {
      if (closed) return;
      closed = true;
      sqlite.close();
    },
  };
}

/**
 * From here no statement of this connection waits for another's lock: it fails at once (SQLITE_BUSY).
 * A server's wait would stop its event loop, reads included; it retries on a timer instead.
 */
export function neverWaitForLocks(store: Store): void {
  store.sqlite.pragma('busy_timeout = 0');
}

async function migrate(sqlite: SqliteDatabase.Database, options: OpenOptions): Promise<void> {
  const list = options.migrations ?? allMigrations;
  const known = Object.keys(list);
  const applied = appliedMigrations(sqlite);
  const unknown = applied.filter((name) => !(name in list));
  if (unknown.length > 0 && !options.migrations) {
    throw new Error(`this database was written by a newer version of shopprop (schema ${unknown.at(-1)}); upgrade shopprop to open it`);
  }
  const target = options.migrateTo ?? known.at(-1);
  const wanted = target === undefined ? [] : known.slice(0, known.indexOf(target) + 1);
  if (wanted.every((name) => applied.includes(name))) return;
  if (applied.length > 0) options.onUpgrade?.(wanted.filter((name) => !applied.includes(name)));

  const { Kysely, Migrator, SqliteDialect } = await import('kysely');
  // The dialect must not close the shared connection when the migrator's instance is destroyed.
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: Object.assign(Object.create(sqlite), { close: () => undefined }) }) });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => list },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: `${MIGRATION_TABLE}_lock`,
      // Versions are numbered ahead and may land out of order (a store that has -40 gets -30 after
      // it): each is applied once by its name, whatever came before it.
      allowUnorderedMigrations: true,
    });
    const result = options.migrateTo ? await migrator.migrateTo(options.migrateTo) : await migrator.migrateToLatest();
    if (result.error) {
      const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`database schema upgrade failed at ${failed}: ${(result.error as Error).message ?? result.error}`);
    }
  } finally {
    await db.destroy();
  }
}

function appliedMigrations(sqlite: SqliteDatabase.Database): string[] {
  const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(MIGRATION_TABLE);
  if (!table) return [];
  return (sqlite.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as { name: string }[]).map((row) => row.name);
}
