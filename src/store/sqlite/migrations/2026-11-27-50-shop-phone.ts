/**
 * Each shop's own phone (E.164), printed on its receipts beside its own address (`location`);
 * a shop with none prints the company's. Set with `shopprop local shop set`.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table retail_shops add column phone text').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table retail_shops drop column phone').execute(db);
}
