/**
 * PostgreSQL: a till's M-Pesa code pays one sale per company, as the SQLite migration of the
 * same name does it (existing sales unchanged; the column takes a code for its first sale only).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table cash_sale_channels add column mpesa_code text check (mpesa_code is null or length(mpesa_code) = 10)').execute(db);
  await sql
    .raw(
      `update cash_sale_channels set mpesa_code = reference_no
        where id in (select min(c.id) from cash_sale_channels c join payment_channels p on p.id = c.channel_id
                      where p.method = 'MPESA' and c.reference_no ~ '^[A-Z0-9]{10}$'
                      group by c.company_id, c.reference_no)`,
    )
    .execute(db);
  await sql.raw('create unique index cash_sale_channels_mpesa_code on cash_sale_channels (company_id, mpesa_code) where mpesa_code is not null').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index cash_sale_channels_mpesa_code').execute(db);
  await sql.raw('alter table cash_sale_channels drop column mpesa_code').execute(db);
}
