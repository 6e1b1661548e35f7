/** Companies, users, API tokens and the store's own settings (e.g. the URL signing key). */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Africa/Nairobi'))
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull().defaultTo(1600).check(sql`vat_rate_bp >= 0`))
    .addColumn('receipt_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .execute();
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('cashier','accountant','admin')`))
    .execute();
  await db.schema.createIndex('users_company').on('users').columns(['company_id']).execute();
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('cashier','accountant','admin')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', 'integer')
    .execute();
  await db.schema
    .createTable('store_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_settings').execute();
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('companies').execute();
}
