/**
 * Brings a PostgreSQL store's schema up to date with kysely's migrator. Its PostgreSQL adapter
 * takes a transaction-scoped advisory lock and runs every pending version in that one
 * transaction, so several instances starting at once apply each version exactly once, and a
 * failed version leaves the schema as it was.
 */
import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import type pg from 'pg';
import { KnownError } from '../../contract/error-kinds.js';
import { postgresMigrations } from './migrations/index.js';

export const POSTGRES_MIGRATION_TABLE = 'schema_migrations';

export interface PostgresMigrationResult {
  /** Versions this call applied, oldest first (none when another instance had, or all were). */
  applied: string[];
}

export async function migratePostgres(pool: pg.Pool, migrations: Record<string, Migration> = postgresMigrations): Promise<PostgresMigrationResult> {
  await pool.query('select 1').catch((error: Error) => {
    throw new KnownError('unavailable', `cannot connect to the PostgreSQL server: ${error.message}`, { cause: error });
  });
  // The pool belongs to the caller: the migrator's instance must not end it.
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }) });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: POSTGRES_MIGRATION_TABLE,
      migrationLockTableName: `${POSTGRES_MIGRATION_TABLE}_lock`,
      // Versions are numbered ahead and may land out of order (a store that has -40 gets -30 after
      // it): each is applied once by its name, whatever came before it.
      allowUnorderedMigrations: true,
    });
    const result = await migrator.migrateToLatest();
    if (result.error) {
      const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`database schema upgrade failed at ${failed}: ${(result.error as Error).message ?? result.error}`);
    }
    return { applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
  } finally {
    await db.destroy();
  }
}
