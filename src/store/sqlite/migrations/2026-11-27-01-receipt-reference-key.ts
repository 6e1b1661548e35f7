/**
 * A receipt's payment reference is booked once per company: `reference_key` holds the
 * reference as it is compared (domain/payment-reference.ts: no spaces, upper case), unique per
 * company where present. A store that already booked one reference twice keeps both receipts
 * (money is never dropped by an upgrade); the key goes to the first of them, so a later import
 * of the same payment is recognised.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table receipts add column reference_key text check (reference_key is null or length(reference_key) between 1 and 100)').execute(db);
  await sql
    .raw(
      `update receipts set reference_key = upper(replace(replace(replace(replace(reference, ' ', ''), char(9), ''), char(10), ''), char(13), ''))
        where id in (select min(id) from receipts where trim(coalesce(reference, '')) <> ''
                      group by company_id, upper(replace(replace(replace(replace(reference, ' ', ''), char(9), ''), char(10), ''), char(13), '')))`,
    )
    .execute(db);
  await sql.raw('create unique index receipts_reference_key on receipts (company_id, reference_key) where reference_key is not null').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index receipts_reference_key').execute(db);
  await sql.raw('alter table receipts drop column reference_key').execute(db);
}
