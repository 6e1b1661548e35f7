/**
 * `shopprop local migrate --database`: a postgres:// URL gets the PostgreSQL schema (once: a
 * second run finds it up to date), a file the SQLite one, and each says what it did.
 */
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresMigrations } from '../../../src/store/postgres/migrations/index.js';
import { migrations as sqliteMigrations } from '../../../src/store/sqlite/migrations/index.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { usePostgres, withClient } from '../../helpers/postgres.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
afterAll(() => temp.remove());

const migrate = (database: string) => runInProcess(['local', 'migrate', '--database', database], { home: temp.dir });

describe('local migrate', () => {
  it('applies the PostgreSQL schema to a postgres:// database, then finds it up to date; the password is never shown', async () => {
    const url = await postgres.createDatabase();
    const first = await migrate(url);
    expect(first.code, first.stderr).toBe(0);
    const shown = new URL(url);
    if (shown.password) shown.password = '***';
    expect(first.stderr).toBe(
      `${shown.toString()}: applied ${Object.keys(postgresMigrations).length} PostgreSQL schema versions (${Object.keys(postgresMigrations).join(', ')})\n`,
    );
    if (new URL(url).password) expect(first.stderr).not.toContain(new URL(url).password);
    const tables = await withClient(
      url,
      async (client) => (await client.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'")).rows[0].n as number,
    );
    expect(tables).toBeGreaterThan(25);

    const second = await migrate(url);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/: the PostgreSQL schema is up to date\n$/);
  });

  it('creates a SQLite store at the current schema when given a file', async () => {
    const file = join(temp.dir, 'new.db');
    const made = await migrate(file);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toBe(`${file}: created a SQLite store at the current schema\n`);
    const sqlite = new SqliteDatabase(file, { readonly: true });
    const applied = (sqlite.prepare('select name from schema_migrations order by name').all() as { name: string }[]).map((row) => row.name);
    sqlite.close();
    expect(applied).toEqual(Object.keys(sqliteMigrations));
    expect((await migrate(file)).stderr).toBe(`${file}: the SQLite schema is up to date\n`);
  });

  it('says why when the PostgreSQL server cannot be reached', async () => {
    const refused = await migrate('postgres://nobody@127.0.0.1:1/nothing');
    expect(refused.code).toBe(5);
    expect(refused.stderr).toMatch(/^shopprop: cannot connect to the PostgreSQL server: connect ECONNREFUSED 127\.0\.0\.1:1/);
  });
});
