/**
 * The cash a customer handed over for a payment, when more than the payment's amount: the
 * receipt shows it with the change given. Null when the amount was paid exactly (every payment
 * saved before this version).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw('alter table cash_sale_channels add column tendered_cents integer check (tendered_cents is null or tendered_cents >= amount_cents)')
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table cash_sale_channels drop column tendered_cents').execute(db);
}
