/**
 * The SQLite adapter of the units of work (../unit-of-work/transaction.ts) over better-sqlite3.
 *
 * better-sqlite3 answers synchronously, so a unit's awaits cost a microtask each and it never
 * waits on the event loop between a read and its write. Units still must not interleave on the
 * one connection (a microtask of another request could otherwise run its statements inside this
 * unit's transaction): they take turns through `exclusive`, as does every synchronous piece of
 * work of the store, one turn at a time per database file in the process. A unit is one
 * transaction: BEGIN for a read, BEGIN IMMEDIATE (the write lock first) otherwise; within a
 * transaction already open (a group commit) it is a savepoint.
 *
 * A failure that is no fault of the request (the write lock held by another process, a full
 * disk) comes out as the refusal it stands for (store-failure.ts: 503, 507).
 */
import { resolve } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type { Engine, Tx, UnitMode } from '../unit-of-work/transaction.js';
import type { Sql } from '../unit-of-work/sql.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import { storeFailure } from './store-failure.js';
import { dataVersion } from './data-version.js';

export interface SqliteEngine extends Engine {
  readonly store: Store;
  /**
   * Runs synchronous or asynchronous work when no other is under way on the connection; its
   * errors as they are. Work must not wait on anything but the store (no timers, no hashing).
   */
  exclusive<T>(work: () => T | Promise<T>): Promise<T>;
}

const engines = new WeakMap<Store, SqliteEngine>();

/** The engine of an open store; one per store, so its turn-taking covers every caller. */
export function sqliteEngine(store: Store): SqliteEngine {
  let engine = engines.get(store);
  if (!engine) {
    engine = makeEngine(store);
    engines.set(store, engine);
  }
  return engine;
}

interface Gate {
  busy: boolean;
  waiting: (() => void)[];
}

/**
 * One gate per database file in this process: two connections to one file (a test's "other
 * instance", a command beside an in-process server) take turns too, rather than one waiting
 * synchronously for the other's write lock while the other cannot finish.
 */
const gates = new Map<string, Gate>();
function gateOf(store: Store): Gate {
  const key = store.file === ':memory:' ? `:memory:${Math.random()}` : resolve(store.file);
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = { busy: false, waiting: [] }));
  return gate;
}

function makeEngine(store: Store): SqliteEngine {
  const tx = sqliteTx(store);
  const gate = gateOf(store);
  const release = () => {
    const next = gate.waiting.shift();
    if (next) next();
    else gate.busy = false;
  };
  const exclusive = <T>(work: () => T | Promise<T>): Promise<T> => {
    const start = (): Promise<T> => {
      let result: T | Promise<T>;
      try {
        result = work();
      } catch (error) {
        release();
        return Promise.reject(error);
      }
      if (!(result instanceof Promise)) {
        release();
        return Promise.resolve(result);
      }
      return result.finally(release);
    };
    if (!gate.busy) {
      gate.busy = true;
      return start();
    }
    return new Promise<void>((resolve) => gate.waiting.push(resolve)).then(start);
  };
  let uniqueIndexes: Map<string, string> | undefined;
  return {
    name: 'sqlite',
    store,
    exclusive,
    keptData: { changeStamp: () => dataVersion(store), maxAgeMs: Number.POSITIVE_INFINITY },
    unit: <T>(mode: UnitMode, work: (tx: Tx) => Promise<T>) =>
      exclusive(() => inTransaction(store, mode, () => work(tx))).catch((error: unknown) => {
        throw storeFailure(error) ?? error;
      }),
    brokenUniqueIndex(error) {
      const { code, message } = (error ?? {}) as { code?: string; message?: string };
      if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return undefined;
      const named = /index '([^']+)'/.exec(message ?? '');
      if (named) return named[1];
      const columns = /constraint failed: (.+)$/.exec(message ?? '')?.[1];
      uniqueIndexes ??= readUniqueIndexes(store.sqlite);
      return columns === undefined ? undefined : uniqueIndexes.get(columns);
    },
  };
}

/** Runs `work` in a transaction of its own, or in a savepoint of the one open. */
async function inTransaction<T>(store: Store, mode: UnitMode, work: () => Promise<T>): Promise<T> {
  if (store.sqlite.inTransaction) return inSavepoint(store, work);
  // Prepared once per connection: exec() would compile BEGIN and COMMIT on every unit.
  prepared(store, mode === 'read' ? 'begin' : 'begin immediate').run();
  try {
    const result = await work();
    prepared(store, 'commit').run();
    return result;
  } catch (error) {
    // SQLite may have rolled back already (a full disk): only what is still open is undone.
    if (store.sqlite.inTransaction) prepared(store, 'rollback').run();
    throw error;
  }
}

async function inSavepoint<T>(store: Store, work: () => Promise<T>): Promise<T> {
  prepared(store, 'savepoint unit').run();
  try {
    const result = await work();
    prepared(store, 'release unit').run();
    return result;
  } catch (error) {
    if (store.sqlite.inTransaction) {
      prepared(store, 'rollback to unit').run();
      prepared(store, 'release unit').run();
    }
    throw error;
  }
}

/** A unit's statement on this connection: prepared once, and whether its text numbers its parameters (?1, ?2: better-sqlite3 binds those by key). */
interface Bound {
  statement: SqliteDatabase.Statement;
  numbered: boolean;
}

function sqliteTx(store: Store): Tx {
  // Found by the statement's identity, one lookup per call: each is declared once, at load.
  const bound = new WeakMap<Sql, Bound>();
  const statement = (query: Sql): Bound => {
    let found = bound.get(query);
    if (!found) bound.set(query, (found = { statement: prepared(store, query.sqlite), numbered: /\?\d/.test(query.sqlite) }));
    return found;
  };
  const args = (found: Bound, params: readonly unknown[]): unknown[] =>
    found.numbered ? [Object.fromEntries(params.map((value, i) => [i + 1, value]))] : (params as unknown[]);
  // Each answers with a settled promise from a plain function: an async function (or a closure
  // per call) would cost a promise or an allocation more on every statement of a unit.
  return {
    engine: 'sqlite',
    all<T>(query: Sql, params: readonly unknown[] = []) {
      try {
        const found = statement(query);
        return Promise.resolve(found.statement.all(...args(found, params)) as T[]);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    get<T>(query: Sql, params: readonly unknown[] = []) {
      try {
        const found = statement(query);
        return Promise.resolve(found.statement.get(...args(found, params)) as T | undefined);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    run(query: Sql, params: readonly unknown[] = []) {
      try {
        const found = statement(query);
        return Promise.resolve(found.statement.run(...args(found, params)).changes);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    insertId(query: Sql, params: readonly unknown[]) {
      try {
        const found = statement(query);
        return Promise.resolve(Number(found.statement.run(...args(found, params)).lastInsertRowid));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    insert: async (table, row) => {
      const columns = Object.keys(row);
      const text = `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`;
      return Number(prepared(store, text).run(...Object.values(row)).lastInsertRowid);
    },
    savepoint: (work) => inSavepoint(store, work),
    lockRows: async () => false,
    lockTable: async () => undefined,
    insertMany: async (table, columns, rows) => {
      const insert = prepared(store, `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      for (const row of rows) insert.run(...row);
    },
    insertManyIds: async (table, columns, rows) => {
      const insert = prepared(store, `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      return rows.map((row) => Number(insert.run(...row).lastInsertRowid));
    },
  };
}

/**
 * Unique indexes by the columns SQLite names when one is broken ("statements.property_id,
 * statements.month_key"), named as in the schema; a table's UNIQUE and PRIMARY KEY constraints
 * as PostgreSQL names them (table_column_key, table_pkey), so a unit compares one name.
 */
function readUniqueIndexes(sqlite: SqliteDatabase.Database): Map<string, string> {
  const found = new Map<string, string>();
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").pluck().all() as string[];
  for (const table of tables) {
    const indexes = sqlite.pragma(`index_list(${JSON.stringify(table)})`) as { name: string; unique: number; origin: string }[];
    for (const index of indexes.filter((i) => i.unique)) {
      const columns = (sqlite.pragma(`index_info(${JSON.stringify(index.name)})`) as { name: string }[]).map((c) => c.name);
      const key = columns.map((c) => `${table}.${c}`).join(', ');
      const name = index.origin === 'pk' ? `${table}_pkey` : index.origin === 'u' ? `${table}_${columns.join('_')}_key` : index.name;
      if (!found.has(key)) found.set(key, name);
    }
    const pk = (sqlite.pragma(`table_info(${JSON.stringify(table)})`) as { name: string; pk: number }[]).filter((c) => c.pk > 0);
    const pkKey = pk.map((c) => `${table}.${c.name}`).join(', ');
    if (pk.length > 0 && !found.has(pkKey)) found.set(pkKey, `${table}_pkey`);
  }
  return found;
}
