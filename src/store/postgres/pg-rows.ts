/** Queries on PostgreSQL: rows with their bigints as safe JS numbers (pg-numbers.ts). */
import type pg from 'pg';
import { numbersOf } from './pg-numbers.js';

export type Queryable = pg.PoolClient | pg.Pool;

/** The rows of a query, every bigint a number within the safe range (refused beyond it). */
export async function rowsOf<T>(client: Queryable, text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query(text, values)).rows.map((row) => numbersOf<T>(row as Record<string, unknown>));
}

/** The first row of a query, or undefined. */
export async function rowOf<T>(client: Queryable, text: string, values: unknown[] = []): Promise<T | undefined> {
  return (await rowsOf<T>(client, text, values))[0];
}

/** Inserts a row and returns its id. Table and column names are the caller's constants, never user input. */
export async function insertRowOnPostgres(client: Queryable, table: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row);
  const inserted = await rowOf<{ id: number }>(
    client,
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(row),
  );
  return inserted!.id;
}
