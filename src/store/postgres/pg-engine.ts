/**
 * The PostgreSQL adapter of the units of work (../unit-of-work/transaction.ts): each unit on a
 * pooled connection of its own (pg-unit-of-work.ts), in the isolation its mode asks, and run
 * again whole when the database chose it to give way (a serialization failure or a deadlock;
 * and a unique violation when the unit asks, see UnitOptions). Rows come back with bigints as
 * safe numbers (pg-numbers.ts).
 */
import type pg from 'pg';
import type { Engine, Tx, UnitMode, UnitOptions } from '../unit-of-work/transaction.js';
import type { Sql } from '../unit-of-work/sql.js';
import { numbersOf, safeNumber } from './pg-numbers.js';
import { inTransaction } from './pg-unit-of-work.js';

/** Each mode's BEGIN, its isolation in the same statement (one round trip). */
const BEGIN: Record<UnitMode, string> = {
  read: 'begin isolation level repeatable read, read only',
  write: 'begin',
  serializable: 'begin isolation level serializable',
};

/** Serialization failure and deadlock: the unit is run again from the start. */
const GIVE_WAY_STATES = new Set(['40001', '40P01']);
const UNIQUE_VIOLATION = '23505';
const ATTEMPTS = 10;
/**
 * How long a token's user is trusted without asking the database again: a token revoked through
 * any instance is refused by every other within this bound.
 */
export const KEPT_DATA_MS = 2000;

export interface PostgresEngine extends Engine {
  readonly pool: pg.Pool;
}

const engines = new WeakMap<pg.Pool, PostgresEngine>();

export function postgresEngine(pool: pg.Pool): PostgresEngine {
  let engine = engines.get(pool);
  if (!engine) {
    engine = makeEngine(pool);
    engines.set(pool, engine);
  }
  return engine;
}

function makeEngine(pool: pg.Pool): PostgresEngine {
  return {
    name: 'postgres',
    pool,
    keptData: { changeStamp: () => 0, maxAgeMs: KEPT_DATA_MS },
    unit: <T>(mode: UnitMode, work: (tx: Tx) => Promise<T>, options: UnitOptions = {}) =>
      withRetry(() => inTransaction(pool, (client) => work(postgresTx(client)), BEGIN[mode]), options),
    brokenUniqueIndex(error) {
      const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
      return code === UNIQUE_VIOLATION ? constraint : undefined;
    },
  };
}

/** Runs a unit of work, again from the start (after a short random pause) when the database chose it to give way. */
export async function withRetry<T>(work: () => Promise<T>, options: UnitOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const again = typeof code === 'string' && (GIVE_WAY_STATES.has(code) || (options.retryOnUniqueViolation === true && code === UNIQUE_VIOLATION));
      if (attempt >= ATTEMPTS || !again) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/**
 * Each statement of the units is declared once, so it is run as a named prepared statement:
 * PostgreSQL parses and plans it once per connection, not on every call (node-postgres keeps
 * the names each connection has prepared).
 */
const statementNames = new WeakMap<Sql, string>();
let statementCount = 0;
function prepared(query: Sql, params: readonly unknown[]): pg.QueryConfig {
  let name = statementNames.get(query);
  if (name === undefined) statementNames.set(query, (name = `unit_${++statementCount}`));
  return { name, text: query.postgres, values: params as unknown[] };
}

function postgresTx(client: pg.PoolClient): Tx {
  const rows = async <T>(query: Sql, params: readonly unknown[]) =>
    (await client.query(prepared(query, params))).rows.map((row) => numbersOf<T>(row as Record<string, unknown>));
  return {
    engine: 'postgres',
    get: async <T>(query: Sql, params: readonly unknown[] = []) => (await rows<T>(query, params))[0],
    all: <T>(query: Sql, params: readonly unknown[] = []) => rows<T>(query, params),
    run: async (query, params = []) => (await client.query(prepared(query, params))).rowCount ?? 0,
    insertId: async (query, params) => safeNumber((await client.query(prepared(query, params))).rows[0].id as bigint),
    insert: (table, row) => insertRowOnPostgres(client, table, row),
    insertMany: async (table, columns, rows) => void (await insertManyOnPostgres(client, table, columns, rows, false)),
    insertManyIds: (table, columns, rows) => insertManyOnPostgres(client, table, columns, rows, true),
    savepoint: async (work) => {
      await client.query('savepoint unit');
      try {
        const result = await work();
        await client.query('release savepoint unit');
        return result;
      } catch (error) {
        await client.query('rollback to savepoint unit');
        throw error;
      }
    },
    lockTable: async (table) => void (await client.query(`lock table ${table} in share row exclusive mode`)),
    lockRows: async (table, ids) => {
      const unique = [...new Set(ids)].sort((a, b) => a - b);
      if (unique.length > 0) await client.query(`select id from ${table} where id = any($1) order by id for no key update`, [unique]);
      return true;
    },
  };
}

/** Inserts a row and returns its id. Table and column names are the caller's constants, never user input. */
async function insertRowOnPostgres(client: pg.PoolClient, table: string, row: Readonly<Record<string, unknown>>): Promise<number> {
  const columns = Object.keys(row);
  const text = `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;
  return safeNumber((await client.query(text, Object.values(row))).rows[0].id as bigint);
}

/** Each table's column types, as PostgreSQL writes them (`bigint`, `character varying(40)`), read once per process. */
const columnTypes = new Map<string, Promise<Map<string, string>>>();
const COLUMN_TYPES = `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
  where attrelid = $1::regclass and attnum > 0 and not attisdropped`;

function typesOf(client: pg.PoolClient, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = client.query(COLUMN_TYPES, [table]).then((result) => new Map(result.rows.map((r: { name: string; type: string }) => [r.name, r.type])));
    types.catch(() => columnTypes.delete(table));
    columnTypes.set(table, types);
  }
  return types;
}

const manyNames = new Map<string, string>();
/** A prepared statement's name for an INSERT ... unnest text, the same for the same text. */
function manyName(text: string): string {
  let name = manyNames.get(text);
  if (name === undefined) manyNames.set(text, (name = `many_${manyNames.size + 1}`));
  return name;
}

/** Rows sent to one statement: a few MB of arrays at most. */
const ROWS_PER_STATEMENT = 20_000;

/**
 * Many rows in one INSERT ... SELECT FROM unnest(...) per 20,000: one array parameter per
 * column, so the statement is the same short text whatever the number of rows and PostgreSQL
 * parses and plans it once per connection (a VALUES list of thousands of rows costs more to plan
 * than to write). With `ids`, the new ids as RETURNING gives them: unnest's order, the rows'.
 */
async function insertManyOnPostgres(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  ids: boolean,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const types = await typesOf(client, table);
  const arrays = columns.map((column, c) => {
    const type = types.get(column);
    if (type === undefined) throw new Error(`no column ${column} in ${table}`);
    return `$${c + 1}::${type}[]`;
  });
  const text = `insert into ${table} (${columns.join(', ')}) select * from unnest(${arrays.join(', ')})${ids ? ' returning id' : ''}`;
  const written: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const result = await client.query({ name: manyName(text), text, values: columns.map((_, c) => chunk.map((row) => row[c])) });
    if (ids) for (const row of result.rows as { id: bigint | number | string }[]) written.push(safeNumber(row.id as bigint));
  }
  return written;
}
