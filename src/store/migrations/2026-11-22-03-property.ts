/** The property tables (schema owned by the property area). */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export async function up(_db: Kysely<any>): Promise<void> {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export async function down(_db: Kysely<any>): Promise<void> {}
