/**
 * The transaction a unit of work runs in, the same on every engine: the unit reads, calls its
 * rule, writes and refuses through this interface only, so it is written once (store/units/).
 * An engine is an adapter behind it (sqlite/sqlite-engine.ts, postgres/pg-engine.ts): how it
 * opens, begins and ends a transaction, runs a statement, and names a broken constraint.
 *
 * Rows come back with every integer a JS number (PostgreSQL's bigints converted within the safe
 * range, refused beyond it), column names as the statement aliases them.
 */
import type { Sql } from './sql.js';

export type EngineName = 'sqlite' | 'postgres';

export interface Tx {
  readonly engine: EngineName;
  all<T>(statement: Sql, params?: readonly unknown[]): Promise<T[]>;
  get<T>(statement: Sql, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a write; how many rows it changed. */
  run(statement: Sql, params?: readonly unknown[]): Promise<number>;
  /** Runs an INSERT of one row declared with insertSql() and returns the row's id. */
  insertId(statement: Sql, params: readonly unknown[]): Promise<number>;
  /** Inserts a row and returns its id. Table and column names are the caller's constants, never user input. */
  insert(table: string, row: Readonly<Record<string, unknown>>): Promise<number>;
  /**
   * Locks rows of a table for an update of what hangs on them, in id order (two writers never
   * wait on each other in a circle), until the unit ends. Returns false when the engine's write
   * transaction holds the whole database already (SQLite): nothing can have changed since the
   * unit read it, so there is nothing to check again.
   */
  lockRows(table: string, ids: readonly number[]): Promise<boolean>;
  /**
   * Makes other writers of a table wait until the unit ends (readers do not), for a check no row
   * can hold: a name that must not exist yet. SQLite's write transaction does this already.
   */
  lockTable(table: string): Promise<void>;
  /**
   * Runs part of a unit in a savepoint: when it throws, its writes alone are undone and the unit
   * goes on (a group commit's one failed sale among many).
   */
  savepoint<T>(work: () => Promise<T>): Promise<T>;
  /** Inserts many rows of the same columns, each engine its fastest way (SQLite one prepared row at a time, PostgreSQL many rows a statement). */
  insertMany(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
  /** insertMany of a table with an id column: the new rows' ids, in the order of the rows given. */
  insertManyIds(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<number[]>;
}

/**
 * How a unit holds what it reads true until it writes:
 * - `read`: one snapshot for all its reads, writes nothing;
 * - `write`: the unit locks what it depends on (SQLite: the write lock from the first statement;
 *   PostgreSQL: the rows its statements mark `{for update}`, read committed otherwise);
 * - `serializable`: PostgreSQL's SERIALIZABLE, the whole unit run again when the database
 *   chose it to give way; for checks no row lock can hold (a code that must not exist yet).
 */
export type UnitMode = 'read' | 'write' | 'serializable';

export interface UnitOptions {
  /**
   * Run the unit again from the start when a unique index refused its write: a row another
   * instance committed after the unit's checks, which the checks then see and name.
   */
  retryOnUniqueViolation?: boolean;
}

/**
 * How long what a process keeps of the store (a bearer token's user) may be trusted without
 * reading it again. SQLite tells when another connection committed (its data_version), so a
 * kept entry holds until then; PostgreSQL's instances send no such signal, so an entry holds for
 * a bounded time only.
 */
export interface KeptDataRule {
  /** Moves when another connection may have changed the store; compared, never interpreted. */
  changeStamp(): number;
  /** How long an entry read from the store may be trusted (ms). */
  maxAgeMs: number;
}

export interface Engine {
  readonly name: EngineName;
  readonly keptData: KeptDataRule;
  /** Runs `work` as one transaction; rolled back whole when it throws. */
  unit<T>(mode: UnitMode, work: (tx: Tx) => Promise<T>, options?: UnitOptions): Promise<T>;
  /** The unique index or constraint a failed write broke, by its name in the schema; undefined for any other error. */
  brokenUniqueIndex(error: unknown): string | undefined;
}
