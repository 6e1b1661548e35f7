/**
 * Allocations derived by replaying each tenancy's dated ledger (DOMAIN.md "Ledger"). A store
 * written by an earlier version holds allocations made when each receipt was imported, which
 * may depend on import order: every company that has tenancies is marked here, and the services
 * derive its allocations again when the store is next opened for work
 * (services/ledger-allocation.ts, rederivePendingLedgers). A new store marks nothing.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('create table ledger_rederive_pending (company_id integer primary key)').execute(db);
  await sql.raw('insert into ledger_rederive_pending (company_id) select distinct company_id from tenancies').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table ledger_rederive_pending').execute(db);
}
