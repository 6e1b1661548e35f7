/**
 * The statement sends' table reaches a store upgraded out of order: versions are numbered ahead,
 * so a store may already have a later one (-40, log-in attempts) when -30 lands. Such a store
 * opens, gets the table, and keeps what it had; on both engines.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { migratePostgres, POSTGRES_MIGRATION_TABLE } from '../../src/store/postgres/migrate-postgres.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { usePostgres, withClient } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
afterAll(() => temp.remove());

const SENDS = '2026-11-27-30-statement-sends';
const LATER = '2026-11-27-40-login-attempts';

describe('a store that has a later version before statement sends', () => {
  it('SQLite: opens, gets the table, keeps its rows', async () => {
    const file = join(temp.dir, 'later-first.db');
    (await openStore(file)).close();
    const raw = new Database(file);
    raw.prepare('delete from schema_migrations where name = ?').run(SENDS);
    raw.exec("drop table statement_sends; insert into login_attempts (key, attempted_at) values ('u:kept', 1)");
    raw.close();

    const store = await openStore(file);
    try {
      const names = (store.sqlite.prepare('select name from schema_migrations order by name').all() as { name: string }[]).map((r) => r.name);
      expect(names).toContain(SENDS);
      expect(names).toContain(LATER);
      expect(store.sqlite.prepare('select count(*) as n from statement_sends').get()).toEqual({ n: 0 });
      expect(store.sqlite.prepare('select key from login_attempts').all()).toEqual([{ key: 'u:kept' }]);
    } finally {
      store.close();
    }
  });

  it('PostgreSQL: migrates, applying only the missing version', async () => {
    const url = await postgres.createDatabase();
    const pool = openPostgresPool(url);
    try {
      await migratePostgres(pool);
      await withClient(url, async (client) => {
        await client.query(`delete from ${POSTGRES_MIGRATION_TABLE} where name = $1`, [SENDS]);
        await client.query('drop table statement_sends');
      });
      expect((await migratePostgres(pool)).applied).toEqual([SENDS]);
      expect((await pool.query('select count(*)::int as n from statement_sends')).rows).toEqual([{ n: 0 }]);
    } finally {
      await pool.end();
    }
  });
});
