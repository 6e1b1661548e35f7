/**
 * `shopprop local copy` of the demo store at scale 10 into the test run's PostgreSQL: every row
 * of every table arrives unchanged (compared here by reading both sides, not through the
 * command's own check), ids are kept and new ids continue after them, a database that holds
 * data is refused, and a failure part way leaves the target without a row.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { SALE_RECORD_JSON } from '../../src/store/sqlite/cash-sale-list.repository.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const source = join(temp.dir, 'shop.db');

beforeAll(async () => {
  const demo = await runInProcess(['--db', source, 'demo', '--scale', '10'], { home: temp.dir });
  expect(demo.code, demo.stderr).toBe(0);
}, 180_000);
afterAll(() => temp.remove());

const copy = (from: string, to: string, stderrIsTTY = false) => runInProcess(['local', 'copy', '--from', from, '--to', to], { home: temp.dir, stderrIsTTY });

function sqliteTables(sqlite: SqliteDatabase.Database): string[] {
  return (
    sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'schema_migrations%' order by name")
      .all() as { name: string }[]
  ).map((row) => row.name);
}

/** A table's rows in key order, integers as bigint; text keys bytewise on both sides. */
function orderBy(sqlite: SqliteDatabase.Database, table: string, postgresSide: boolean): string {
  const columns = sqlite.prepare(`pragma table_info(${table})`).safeIntegers(false).all() as { name: string; type: string; pk: number }[];
  return columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => (postgresSide && c.type.toLowerCase() === 'text' ? `${c.name} collate "C"` : c.name))
    .join(', ');
}

async function postgresCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const pool = openPostgresPool(url);
  try {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);
    return counts;
  } finally {
    await pool.end();
  }
}

describe('local copy from SQLite to PostgreSQL', () => {
  let target = '';
  let copied: Awaited<ReturnType<typeof copy>>;

  beforeAll(async () => {
    target = await postgres.createDatabase();
    copied = await copy(source, target, true);
  }, 180_000);

  it('copies the scale-10 demo store whole, showing its progress at a terminal, and says the check found both identical', async () => {
    expect(copied.code, copied.stderr).toBe(0);
    // The progress line is redrawn in place: carriage return, text, erase to the end of the line.
    // eslint-disable-next-line no-control-regex
    const progress = [...copied.stderr.matchAll(/\rcopying rows: ([\d,]+) of ([\d,]+)\x1b\[K/g)].map((m) => [
      Number(m[1]!.replaceAll(',', '')),
      Number(m[2]!.replaceAll(',', '')),
    ]);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every(([done, total], i) => done! <= total! && (i === 0 || done! > progress[i - 1]![0]!))).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(copied.stderr).toMatch(/(^|\x1b\[K)copied [\d,]+ rows of \d+ tables from .*shop\.db to postgres:\/\/\S+\/shopprop_test_\w+ in [\d.]+ s$/m);
    const password = new URL(target).password;
    if (password) expect(copied.stderr).not.toContain(password);
    expect(copied.stderr).toMatch(/every table's row count and content are identical on both/);

    const sqlite = new SqliteDatabase(source, { readonly: true });
    sqlite.defaultSafeIntegers(true);
    const pool = openPostgresPool(target);
    try {
      const tables = sqliteTables(sqlite);
      expect(tables.length).toBeGreaterThan(25);
      let rows = 0;
      for (const table of tables) {
        const before = sqlite.prepare(`select * from ${table} order by ${orderBy(sqlite, table, false)}`).all();
        // SQLite's columns: PostgreSQL's own generated ones (a sale's list text) are compared below.
        const columns = (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name).join(', ');
        const after = (await pool.query(`select ${columns} from ${table} order by ${orderBy(sqlite, table, true)}`)).rows;
        expect(after.length, table).toBe(before.length);
        expect(after, table).toEqual(before);
        rows += before.length;
      }
      expect(rows).toBeGreaterThan(100_000);
      expect(copied.stderr).toContain(`copied ${new Intl.NumberFormat('en-US').format(rows)} rows`);
    } finally {
      sqlite.close();
      await pool.end();
    }
  });

  it("keeps each copied sale's list text, byte for byte the text SQLite's index holds", async () => {
    const sqlite = new SqliteDatabase(source, { readonly: true });
    const pool = openPostgresPool(target);
    try {
      const before = (sqlite.prepare(`select ${SALE_RECORD_JSON} as json from cash_sales order by id`).all() as { json: string }[]).map((r) => r.json);
      const after = (await pool.query<{ json: string }>('select wire_json as json from cash_sales order by id')).rows.map((r) => r.json);
      expect(before.length).toBeGreaterThan(1000);
      expect(after).toEqual(before);
    } finally {
      sqlite.close();
      await pool.end();
    }
  });

  it('leaves the copied tables analysed, so the first request is planned with statistics (the sale list page from its date index)', async () => {
    const pool = openPostgresPool(target);
    try {
      const analysed = await pool.query(
        "select relname from pg_stat_user_tables where relname in ('cash_sales', 'cash_sale_lines', 'ledger_months') and last_analyze is not null order by relname",
      );
      expect(analysed.rows.map((row: { relname: string }) => row.relname)).toEqual(['cash_sale_lines', 'cash_sales', 'ledger_months']);
    } finally {
      await pool.end();
    }
  });

  it('keeps the ids, and new rows take ids after the highest the SQLite store handed out', async () => {
    const sqlite = new SqliteDatabase(source, { readonly: true });
    const highest = (table: string) => (sqlite.prepare(`select max(id) as id from ${table}`).get() as { id: number }).id;
    const statementSeq = (sqlite.prepare("select seq from sqlite_sequence where name = 'statements'").get() as { seq: number }).seq;
    const [companies, sales] = [highest('companies'), highest('cash_sales')];
    sqlite.close();
    const pool = openPostgresPool(target);
    try {
      expect((await pool.query("insert into companies (name) values ('Next') returning id")).rows[0].id).toBe(BigInt(companies + 1));
      const sale = await pool.query(
        `insert into cash_sales (company_id, issue_date, amount_paid_cents, payment_method, transaction_type, receipt_no,
           sub_total_cents, total_discount_cents, total_tax_cents, total_amount_cents, balance_cents, created_at, updated_at)
         values (1, 0, 0, 'CASH', 'CASH', 'NEXT-1', 0, 0, 0, 0, 0, 0, 0) returning id`,
      );
      expect(sale.rows[0].id).toBe(BigInt(sales + 1));
      const sequence = await pool.query("select nextval(pg_get_serial_sequence('statements', 'id')) as id");
      expect(sequence.rows[0].id).toBe(BigInt(statementSeq + 1));
    } finally {
      await pool.end();
    }
  });

  it('refuses a database that already holds data, and leaves it as it was', async () => {
    const before = await postgresCounts(target, ['companies', 'cash_sales']);
    const again = await copy(source, target);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already holds data \(companies, .*\): a store is copied into an empty database only/);
    expect(await postgresCounts(target, ['companies', 'cash_sales'])).toEqual(before);
  });

  it("refuses a second copy into the same database while one is under way, in the README's words, and one copy lands whole", async () => {
    const target = await postgres.createDatabase();
    const [a, b] = await Promise.all([copy(source, target), copy(source, target)]);
    const outcomes = [a, b].map((r) => r.code).sort();
    expect(outcomes).toEqual([0, 2]);
    const refused = [a, b].find((r) => r.code !== 0)!;
    expect(refused.stderr).toMatch(/a copy into this database is in progress|the target database already holds data/);
    expect(refused.stderr).not.toMatch(/duplicate key/);
  }, 120_000);

  it('leaves the target without a row when a row fails part way (a text PostgreSQL cannot hold)', async () => {
    const broken = join(temp.dir, 'broken.db');
    copyFileSync(source, broken);
    const sqlite = new SqliteDatabase(broken);
    // NUL inside a text: SQLite keeps it, PostgreSQL refuses it. landlord_payments comes after
    // the sales and the ledger, so thousands of rows are in the transaction by then.
    sqlite.prepare("update landlord_payments set reference = 'ref' || char(0) || 'x' where id = (select max(id) from landlord_payments)").run();
    const tables = sqliteTables(sqlite);
    sqlite.close();
    const empty = await postgres.createDatabase();
    const failed = await copy(broken, empty);
    expect(failed.code).not.toBe(0);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/landlord_payments, row id \d+, column reference: the text holds a NUL character \(U\+0000\), which PostgreSQL cannot store/);
    const counts = await postgresCounts(empty, tables);
    expect(
      Object.values(counts).every((count) => count === 0),
      JSON.stringify(counts),
    ).toBe(true);
  });
});
