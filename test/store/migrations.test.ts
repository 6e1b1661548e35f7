import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/store/sqlite/migrations/index.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('schema migrations', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());

  /** Every object of the schema with its SQL, the schema's version and every row of every table. */
  const everything = (file: string) => {
    const db = new Sqlite(file, { readonly: true });
    const schema = db.prepare('select type, name, tbl_name, sql from sqlite_master order by type, name').all() as {
      type: string;
      name: string;
      sql: string | null;
    }[];
    const rows = Object.fromEntries(schema.filter((o) => o.type === 'table').map((t) => [t.name, db.prepare(`select * from "${t.name}"`).all()]));
    const version = db.pragma('user_version', { simple: true });
    db.close();
    return { schema, rows, version };
  };
  const tables = (file: string) => {
    const db = new Sqlite(file, { readonly: true });
    const names = (db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((r) => r.name);
    db.close();
    return names;
  };

  it('upgrades a database made by the first schema version in place, keeping its data', async () => {
    const file = join(temp.dir, 'old.db');
    const first = Object.keys(migrations)[0]!;
    const old = await openStore(file, { migrateTo: first });
    old.sqlite.prepare("insert into companies (id, name) values (7, 'Kept Ltd')").run();
    await old.close();
    const before = tables(file);

    const upgraded = await openStore(file);
    const company = upgraded.sqlite.prepare('select name, time_zone, vat_rate_bp from companies where id = 7').get();
    const applied = (upgraded.sqlite.prepare('select name from schema_migrations order by name').all() as { name: string }[]).map((r) => r.name);
    await upgraded.close();
    const after = tables(file);

    expect(company).toEqual({ name: 'Kept Ltd', time_zone: 'Africa/Nairobi', vat_rate_bp: 1600 });
    expect(applied).toEqual(Object.keys(migrations));
    expect(after.length).toBeGreaterThan(before.length);
    expect(after).toEqual(expect.arrayContaining(before));
  });

  it('gives every company of a store made before the currency setting KES and no tax number, and guards both columns', async () => {
    const file = join(temp.dir, 'before-currency.db');
    const names = Object.keys(migrations);
    const before = names[names.indexOf('2026-11-26-01-company-currency-tax-number') - 1]!;
    const old = await openStore(file, { migrateTo: before });
    old.sqlite.prepare("insert into companies (id, name, address) values (3, 'Old Nairobi Ltd', 'Moi Avenue'), (4, 'Old Mombasa Ltd', null)").run();
    await old.close();

    const upgraded = await openStore(file);
    try {
      expect(upgraded.sqlite.prepare('select id, name, address, currency, tax_number from companies order by id').all()).toEqual([
        { id: 3, name: 'Old Nairobi Ltd', address: 'Moi Avenue', currency: 'KES', tax_number: null },
        { id: 4, name: 'Old Mombasa Ltd', address: null, currency: 'KES', tax_number: null },
      ]);
      const update = (sql: string) => () => upgraded.sqlite.prepare(sql).run();
      expect(update("update companies set currency = 'kes' where id = 3")).toThrow(/CHECK/);
      expect(update("update companies set currency = 'KESH' where id = 3")).toThrow(/CHECK/);
      expect(update(`update companies set tax_number = '${'A'.repeat(31)}' where id = 3`)).toThrow(/CHECK/);
      expect(update("update companies set tax_number = '' where id = 3")).toThrow(/CHECK/);
      update("update companies set currency = 'UGX', tax_number = 'P051234567X' where id = 3")();
    } finally {
      await upgraded.close();
    }
  });

  it('opens an up-to-date database without changing it', async () => {
    const file = join(temp.dir, 'current.db');
    await (await openStore(file)).close();
    const first = everything(file);
    // Every object of the schema is there: tables, their indexes and any triggers and views.
    expect(first.schema.filter((o) => o.type === 'index').length).toBeGreaterThan(0);
    await (await openStore(file)).close();
    expect(everything(file)).toEqual(first);
  });

  it('says before upgrading an existing store which versions it lacks; not when making a new one or opening a current one', async () => {
    const names = Object.keys(migrations);
    const told: (readonly string[])[] = [];
    const onUpgrade = (pending: readonly string[]) => told.push(pending);
    const file = join(temp.dir, 'told.db');
    await (await openStore(file, { migrateTo: names[2]!, onUpgrade })).close();
    expect(told).toEqual([]);
    await (await openStore(file, { onUpgrade })).close();
    await (await openStore(file, { onUpgrade })).close();
    expect(told).toEqual([names.slice(3)]);
  });

  it('uses WAL with synchronous FULL and enforces foreign keys', async () => {
    const store = await openStore(join(temp.dir, 'pragmas.db'));
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(() => store.sqlite.prepare("insert into users (company_id, name, role) values (999, 'x', 'admin')").run()).toThrow(/FOREIGN KEY/);
    await store.close();
    const small = await openStore(join(temp.dir, 'pragmas.db'), { pageCacheKiB: 2000 });
    expect(small.sqlite.pragma('cache_size', { simple: true })).toBe(-2000);
    await small.close();
  });
});

describe('a database from a newer version', () => {
  it('is refused with a message that says so, not rebuilt', async () => {
    const temp = makeTempDir();
    const file = join(temp.dir, 'newer.db');
    await (await openStore(file)).close();
    const db = new Sqlite(file);
    db.prepare("insert into schema_migrations (name, timestamp) values ('2999-01-01-99-future', '2999-01-01')").run();
    db.close();
    await expect(openStore(file)).rejects.toThrow(/newer version of shopprop/);
    temp.remove();
  });
});
