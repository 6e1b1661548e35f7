/**
 * Log-in attempts, counted in the store so that every process and instance on it counts
 * together: one row per attempt and per key it counts against (`u:<login name>`,
 * `a:<client address>`), at the time it was made. Rows older than the window are deleted as
 * attempts come.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table login_attempts (
    id integer primary key autoincrement,
    key text not null check (length(key) between 3 and 300),
    attempted_at integer not null
  )`)
    .execute(db);
  await sql.raw('create index login_attempts_key on login_attempts (key, attempted_at)').execute(db);
  await sql.raw('create index login_attempts_at on login_attempts (attempted_at)').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table login_attempts').execute(db);
}
