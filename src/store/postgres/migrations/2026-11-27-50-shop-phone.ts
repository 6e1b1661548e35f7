/** PostgreSQL: each shop's own phone, as the SQLite migration of the same name adds it. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table retail_shops add column phone text').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table retail_shops drop column phone').execute(db);
}
