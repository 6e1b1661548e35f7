/**
 * Statements e-mailed to their landlords (`month-end --send`): one row per message, so that a
 * rerun of the month-end sends nothing twice unless asked to. What was sent is a property's
 * statement of a month and type (INTERIM, FINAL), not a statement row: preparing a month's
 * INTERIM again replaces its draft with a new row, which must not count as unsent. So
 * statement_id names the row that was sent, without a foreign key (the draft may be gone).
 * A sent message cannot be taken back: rows are only ever added.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create table statement_sends (
    id integer primary key autoincrement,
    company_id integer not null references companies(id),
    property_id integer not null references properties(id),
    month_key integer not null,
    statement_type text not null check (statement_type in ('INTERIM','FINAL')),
    statement_id integer not null,
    recipient text not null check (length(recipient) between 3 and 320),
    sent_at integer not null,
    message_id text
  )`)
    .execute(db);
  await sql.raw('create index statement_sends_statement on statement_sends (property_id, month_key, statement_type)').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table statement_sends').execute(db);
}
