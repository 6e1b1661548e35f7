/**
 * PostgreSQL: the company's currency and tax registration number, as the SQLite migration of
 * the same name adds them (existing companies get KES).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table companies add column currency text not null default 'KES' check (currency ~ '^[A-Z]{3}$')").execute(db);
  await sql.raw('alter table companies add column tax_number text check (tax_number is null or length(tax_number) between 1 and 30)').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table companies drop column tax_number').execute(db);
  await sql.raw('alter table companies drop column currency').execute(db);
}
