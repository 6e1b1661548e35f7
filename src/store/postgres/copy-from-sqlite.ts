/**
 * Copies every row of a SQLite store into an empty PostgreSQL store, ids kept, all or nothing:
 * one PostgreSQL transaction (a failure rolls every table back), the SQLite side read in one
 * snapshot. Tables go in the order their foreign keys need; the sale-count triggers are off
 * during the copy (the counts are copied as rows); each identity sequence is then set past the
 * highest id the SQLite store ever handed out (sqlite_sequence included, so a deleted
 * statement's id is not handed out again). Afterwards every table's row count and content
 * digest is read again from both sides and compared.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { ShopStore } from '../shop-store.js';
import { sqliteStoreOf } from '../sqlite/sqlite-shop-store.js';
import type pg from 'pg';
import { KnownError } from '../../contract/error-kinds.js';
import { migratePostgres, POSTGRES_MIGRATION_TABLE } from './migrate-postgres.js';
import { postgresTableDigest, quote, selectInOrder, sqliteTableDigest, sqliteTableLayout, type TableDigest, type TableLayout } from './table-digests.js';

export interface CopyProgress {
  table: string;
  /** Rows copied so far, of all tables. */
  done: number;
  total: number;
}

export interface TableCheck {
  table: string;
  source: TableDigest;
  target: TableDigest;
}

export interface CopyResult {
  rows: number;
  copyMs: number;
  checkMs: number;
  tables: TableCheck[];
  /** Tables whose row count or content differ between the two (empty: identical). */
  differences: string[];
}

const BATCH_ROWS = 5000;
const SKIPPED = [POSTGRES_MIGRATION_TABLE, `${POSTGRES_MIGRATION_TABLE}_lock`];

export async function copySqliteToPostgres(
  source: ShopStore,
  pool: pg.Pool,
  onProgress: (progress: CopyProgress) => void = () => undefined,
): Promise<CopyResult> {
  const sqlite = sqliteStoreOf(source)?.sqlite;
  if (!sqlite) throw new Error(`the copy reads a SQLite store, not ${source.location}`);
  await migratePostgres(pool);
  const client = await pool.connect();
  const started = performance.now();
  // One snapshot of the SQLite store for the copy and its check.
  sqlite.exec('begin');
  try {
    const order = await tablesInForeignKeyOrder(client);
    const layouts = matchingLayouts(sqlite, order);
    const total = layouts.reduce((sum, layout) => sum + rowCount(sqlite, layout.name), 0);
    let done = 0;
    await client.query('begin');
    try {
      await refuseCopyUnderWay(client);
      await refuseNonEmpty(client, order);
      const triggered = await tablesWithTriggers(client);
      for (const table of triggered) await client.query(`alter table ${quote(table)} disable trigger user`);
      for (const layout of layouts) {
        const types = await columnTypes(client, layout);
        done += await copyTable(sqlite, client, layout, types, (copied) => onProgress({ table: layout.name, done: done + copied, total }));
      }
      await setSequences(sqlite, client, layouts);
      for (const table of triggered) await client.query(`alter table ${quote(table)} enable trigger user`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    // Planner statistics now, not at autovacuum's next pass (up to a minute): without them the
    // sale list's first page was planned as a scan and sort of the company's every sale (4.8 ms
    // instead of 0.09 ms), and the list route served 0.04x SQLite's requests instead of 0.24x.
    await client.query('analyze');
    const copyMs = Math.round(performance.now() - started);
    const tables = await checkTables(sqlite, client, layouts);
    return {
      rows: total,
      copyMs,
      checkMs: Math.round(performance.now() - started) - copyMs,
      tables,
      differences: tables.filter((t) => t.source.rows !== t.target.rows || t.source.sha256 !== t.target.sha256).map((t) => t.table),
    };
  } finally {
    sqlite.exec('commit');
    client.release();
  }
}

/**
 * A value PostgreSQL cannot hold (a text with a NUL character, which SQLite keeps), named by its
 * table, row and column; the copy's transaction is then rolled back whole.
 */
function refuseUnholdable(layout: TableLayout, row: unknown[]): void {
  const column = row.findIndex((value) => typeof value === 'string' && value.includes('\u0000'));
  if (column < 0) return;
  const key = `${layout.columns[0]} ${String(row[0])}`;
  throw new KnownError(
    'conflict',
    `${layout.name}, row ${key}, column ${layout.columns[column]}: the text holds a NUL character (U+0000), which PostgreSQL cannot store; correct it in the SQLite store, then copy again (nothing was copied)`,
  );
}

/** The target's tables, each after every table it refers to. */
async function tablesInForeignKeyOrder(client: pg.PoolClient): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !SKIPPED.includes(name));
  const references = (
    await client.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relnamespace = current_schema()::regnamespace`,
    )
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string): void => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const reference of references) if (reference.child === table && reference.parent !== table) visit(reference.parent);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

function matchingLayouts(sqlite: SqliteDatabase.Database, order: string[]): TableLayout[] {
  const sourceTables = (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !SKIPPED.includes(name));
  const missing = sourceTables.filter((name) => !order.includes(name));
  if (missing.length > 0) throw new Error(`the PostgreSQL schema has no table ${missing.join(', ')}: this shopprop is older than the SQLite store`);
  return order.filter((name) => sourceTables.includes(name)).map((name) => sqliteTableLayout(sqlite, name));
}

function rowCount(sqlite: SqliteDatabase.Database, table: string): number {
  return (sqlite.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n;
}

/** The lock a copy holds until its transaction ends: a second copy into the same database is refused at once. */
const COPY_LOCK = "hashtext('shopprop local copy')";

async function refuseCopyUnderWay(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ taken: boolean }>(`select pg_try_advisory_xact_lock(${COPY_LOCK}) as taken`);
  if (!rows[0]?.taken) throw new KnownError('conflict', 'a copy into this database is in progress: a store is copied into an empty database only, once');
}

async function refuseNonEmpty(client: pg.PoolClient, tables: string[]): Promise<void> {
  const holding: string[] = [];
  for (const table of tables) {
    if ((await client.query(`select 1 from ${quote(table)} limit 1`)).rows.length > 0) holding.push(table);
  }
  if (holding.length > 0) {
    throw new KnownError('conflict', `the target database already holds data (${holding.join(', ')}): a store is copied into an empty database only`);
  }
}

async function tablesWithTriggers(client: pg.PoolClient): Promise<string[]> {
  return (
    await client.query<{ name: string }>(
      `select distinct t.tgrelid::regclass::text as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`,
    )
  ).rows.map((row) => row.name);
}

async function columnTypes(client: pg.PoolClient, layout: TableLayout): Promise<string[]> {
  const rows = (
    await client.query<{ name: string; type: string }>(
      'select column_name as name, data_type as type from information_schema.columns where table_schema = current_schema() and table_name = $1',
      [layout.name],
    )
  ).rows;
  return layout.columns.map((column) => {
    const type = rows.find((row) => row.name === column)?.type;
    if (!type) throw new Error(`the PostgreSQL table ${layout.name} has no column ${column}`);
    return type;
  });
}

/** Rows in batches, each one INSERT of unnested column arrays; returns how many it copied. */
async function copyTable(
  sqlite: SqliteDatabase.Database,
  client: pg.PoolClient,
  layout: TableLayout,
  types: string[],
  onRows: (copied: number) => void,
): Promise<number> {
  const insert = `insert into ${quote(layout.name)} (${layout.columns.map(quote).join(', ')})
    select * from unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
  const rows = sqlite.prepare(selectInOrder(layout, false)).raw(true).safeIntegers(true).iterate() as IterableIterator<unknown[]>;
  let copied = 0;
  let batch: unknown[][] = layout.columns.map(() => []);
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    try {
      await client.query(insert, batch);
    } catch (error) {
      throw new Error(`copying ${layout.name} failed: ${(error as Error).message}`, { cause: error });
    }
    copied += size;
    onRows(copied);
    batch = layout.columns.map(() => []);
    size = 0;
  };
  for (const row of rows) {
    refuseUnholdable(layout, row);
    row.forEach((value, i) => batch[i]!.push(parameter(value)));
    size += 1;
    if (size === BATCH_ROWS) await flush();
  }
  await flush();
  return copied;
}

/** Integers as their decimal text (exact beyond 2^53); PostgreSQL casts them to the column's type. */
function parameter(value: unknown): unknown {
  if (typeof value === 'bigint' || typeof value === 'number') return String(value);
  return value;
}

async function setSequences(sqlite: SqliteDatabase.Database, client: pg.PoolClient, layouts: TableLayout[]): Promise<void> {
  const handedOut = new Map<string, bigint>();
  if (sqlite.prepare("select 1 from sqlite_master where name = 'sqlite_sequence'").get()) {
    for (const row of sqlite.prepare('select name, seq from sqlite_sequence').safeIntegers(true).all() as { name: string; seq: bigint }[])
      handedOut.set(row.name, row.seq);
  }
  for (const layout of layouts) {
    // Only an id column can have a sequence (and asking of another column would abort the transaction).
    if (!layout.columns.includes('id')) continue;
    const { rows } = await client.query<{ sequence: string | null }>('select pg_get_serial_sequence($1, $2) as sequence', [quote(layout.name), 'id']);
    const sequence = rows[0]?.sequence;
    if (!sequence) continue;
    await client.query(`select setval($1, greatest(coalesce(max(id), 0), $2::bigint) + 1, false) from ${quote(layout.name)}`, [
      sequence,
      String(handedOut.get(layout.name) ?? 0n),
    ]);
  }
}

async function checkTables(sqlite: SqliteDatabase.Database, client: pg.PoolClient, layouts: TableLayout[]): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  await client.query('begin isolation level repeatable read read only');
  try {
    for (const layout of layouts) {
      checks.push({ table: layout.name, source: sqliteTableDigest(sqlite, layout), target: await postgresTableDigest(client, layout) });
    }
  } finally {
    await client.query('commit');
  }
  return checks;
}
