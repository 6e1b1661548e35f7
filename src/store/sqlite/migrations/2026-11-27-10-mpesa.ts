/**
 * M-Pesa paybill payments: the company's paybill settings (the secret its confirmation URL
 * carries, the format of the account numbers tenants type), the short codes it takes payments
 * for, and the live payments (Daraja's C2B confirmations) that matched no tenancy, kept until
 * an accountant assigns them. A payment that matched is a receipt (its M-Pesa code the reference).
 */
import { sql, type Kysely } from 'kysely';

const TABLES = [
  `create table mpesa_settings (
     id integer primary key,
     company_id integer not null unique references companies(id),
     url_secret text not null unique check (length(url_secret) between 20 and 100),
     account_format text not null default '{property}{unit}' check (length(account_format) between 1 and 100)
   ) strict`,
  `create table mpesa_short_codes (
     id integer primary key,
     company_id integer not null references companies(id),
     short_code text not null unique check (length(short_code) between 1 and 20)
   ) strict`,
  `create table mpesa_unmatched (
     id integer primary key,
     company_id integer not null references companies(id),
     trans_id text not null check (length(trans_id) between 1 and 100),
     trans_key text not null,
     trans_time integer not null,
     amount_cents integer not null check (amount_cents > 0),
     short_code text not null,
     bill_ref text not null,
     msisdn text,
     payer text,
     received_at integer not null,
     receipt_id integer references receipts(id),
     unique (company_id, trans_key)
   ) strict`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of TABLES) await sql.raw(statement).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mpesa_unmatched', 'mpesa_short_codes', 'mpesa_settings']) await sql.raw(`drop table ${table}`).execute(db);
}
