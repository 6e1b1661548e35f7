/**
 * One table's content as a row count and a SHA-256 digest of its rows in primary-key order,
 * read the same way from SQLite and from PostgreSQL, so a copy can be checked table by table.
 * Integers are read exactly on both sides (bigint), text as text; a row is its values in the
 * SQLite column order. Text keys sort bytewise on both sides (SQLite's BINARY, PostgreSQL's
 * "C" collation), so the order is the same.
 */
import { createHash, type Hash } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';

export interface TableLayout {
  name: string;
  /** Columns in the SQLite table's order. */
  columns: string[];
  primaryKey: { name: string; text: boolean }[];
}

export interface TableDigest {
  rows: number;
  sha256: string;
}

const FETCH_ROWS = 5000;

export function sqliteTableLayout(sqlite: SqliteDatabase.Database, table: string): TableLayout {
  const columns = sqlite.prepare(`pragma table_info(${quote(table)})`).all() as { name: string; type: string; pk: number }[];
  return {
    name: table,
    columns: columns.map((c) => c.name),
    primaryKey: columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => ({ name: c.name, text: c.type.toLowerCase() === 'text' })),
  };
}

export function sqliteTableDigest(sqlite: SqliteDatabase.Database, layout: TableLayout): TableDigest {
  const statement = sqlite.prepare(selectInOrder(layout, false)).raw(true).safeIntegers(true);
  const digest = rowDigest();
  for (const row of statement.iterate() as Iterable<unknown[]>) digest.add(row);
  return digest.result();
}

/** Read inside the caller's transaction, through a cursor: the table is never held in memory whole. */
export async function postgresTableDigest(client: pg.PoolClient | pg.Client, layout: TableLayout): Promise<TableDigest> {
  const cursor = `digest_${layout.name}`;
  await client.query(`declare ${cursor} no scroll cursor for ${selectInOrder(layout, true)}`);
  const digest = rowDigest();
  for (;;) {
    const { rows } = await client.query<unknown[]>({ text: `fetch ${FETCH_ROWS} from ${cursor}`, rowMode: 'array' });
    for (const row of rows) digest.add(row);
    if (rows.length < FETCH_ROWS) break;
  }
  await client.query(`close ${cursor}`);
  return digest.result();
}

export function selectInOrder(layout: TableLayout, postgres: boolean): string {
  const order = layout.primaryKey.map((key) => (postgres && key.text ? `${quote(key.name)} collate "C"` : quote(key.name)));
  return `select ${layout.columns.map(quote).join(', ')} from ${quote(layout.name)} order by ${order.join(', ')}`;
}

export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function rowDigest(): { add(row: unknown[]): void; result(): TableDigest } {
  const hash: Hash = createHash('sha256');
  let rows = 0;
  return {
    add(row) {
      rows += 1;
      hash.update(row.map(encode).join('\u001f'));
      hash.update('\u001e');
    },
    result: () => ({ rows, sha256: hash.digest('hex') }),
  };
}

/** null, an integer (i42) or a text (s"..."); anything else (a float, bytes) keeps its type's mark, so it never equals those. */
function encode(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'bigint') return `i${value}`;
  if (typeof value === 'string') return `s${JSON.stringify(value)}`;
  if (typeof value === 'number') return `r${value}`;
  if (Buffer.isBuffer(value)) return `b${value.toString('hex')}`;
  return `?${String(value)}`;
}
