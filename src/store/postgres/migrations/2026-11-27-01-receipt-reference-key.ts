/**
 * PostgreSQL: a receipt's payment reference booked once per company, as the SQLite migration
 * of the same name does it (the key to the first receipt of a reference booked twice before).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table receipts add column reference_key text check (reference_key is null or length(reference_key) between 1 and 100)').execute(db);
  await sql
    .raw(
      `update receipts set reference_key = upper(regexp_replace(reference, '\\s', '', 'g'))
        where id in (select min(id) from receipts where trim(coalesce(reference, '')) <> ''
                      group by company_id, upper(regexp_replace(reference, '\\s', '', 'g')))`,
    )
    .execute(db);
  await sql.raw('create unique index receipts_reference_key on receipts (company_id, reference_key) where reference_key is not null').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index receipts_reference_key').execute(db);
  await sql.raw('alter table receipts drop column reference_key').execute(db);
}
