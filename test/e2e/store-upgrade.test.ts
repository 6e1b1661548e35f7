/**
 * A store written by an older version is upgraded in place the first time this version opens
 * it, and the person waiting is told so once (embedded commands and `local` commands alike).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/store/sqlite/migrations/index.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const home = temp.dir;

/** A store at the schema before the last, holding one company. */
async function olderStore(name: string): Promise<string> {
  const file = join(home, name);
  const names = Object.keys(migrations);
  const store = await openStore(file, { migrateTo: names.at(-2)! });
  store.sqlite.prepare("insert into companies (id, name, time_zone, vat_rate_bp, receipt_seq) values (1, 'Older Ltd', 'Africa/Nairobi', 1600, 0)").run();
  await store.close();
  return file;
}

describe('a store of an older schema', () => {
  it('is upgraded by the first embedded command, which says so once on stderr', async () => {
    const db = await olderStore('older.db');
    const first = await runCli(['--db', db, 'sale', 'list', '--company', '1', '--format', 'json'], { home });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe('[]');
    expect(first.stderr).toContain(`upgrading the local store ${db} to schema ${Object.keys(migrations).at(-1)}`);
    const second = await runCli(['--db', db, 'sale', 'list', '--company', '1', '--format', 'json'], { home });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('upgrading');
  });

  it('is upgraded by a local command too', async () => {
    const db = await olderStore('older-local.db');
    const listed = await runCli(['--db', db, 'local', 'token', 'list'], { home });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toContain('upgrading the local store');
  });
});
