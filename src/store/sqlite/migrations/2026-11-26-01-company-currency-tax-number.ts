/**
 * The company's currency (ISO 4217 code, shown on statements and receipts) and its tax
 * registration number (e.g. a KRA PIN). Every company of an older store gets KES: the
 * currency all its amounts were in, the time zone default being Nairobi's.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table companies add column currency text not null default 'KES' check (currency glob '[A-Z][A-Z][A-Z]')").execute(db);
  await sql.raw('alter table companies add column tax_number text check (tax_number is null or length(tax_number) between 1 and 30)').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table companies drop column tax_number').execute(db);
  await sql.raw('alter table companies drop column currency').execute(db);
}
