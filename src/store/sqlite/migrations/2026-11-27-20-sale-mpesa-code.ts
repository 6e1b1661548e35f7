/**
 * A till's M-Pesa code pays one sale per company: `mpesa_code` holds the code of a payment
 * through an MPESA channel (domain/sale-mpesa-codes.ts), unique per company where present, so
 * two saves naming one code cannot both be written, whatever raced past the save's own check.
 * A store that already holds one code on several sales keeps every sale as it was (an upgrade
 * changes no sale); the column takes the code for the first of them only, so the code is known
 * as used. References that are not of M-Pesa's form (ten capital letters and digits) were never
 * checked before: they stay as typed, outside the column.
 */
import { sql, type Kysely } from 'kysely';

const MPESA_FORM = `'${'[A-Z0-9]'.repeat(10)}'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table cash_sale_channels add column mpesa_code text check (mpesa_code is null or length(mpesa_code) = 10)').execute(db);
  // GLOB is case-sensitive: a code in lower case was not of the form either.
  await sql
    .raw(
      `update cash_sale_channels set mpesa_code = reference_no
        where id in (select min(c.id) from cash_sale_channels c join payment_channels p on p.id = c.channel_id
                      where p.method = 'MPESA' and c.reference_no glob ${MPESA_FORM}
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
