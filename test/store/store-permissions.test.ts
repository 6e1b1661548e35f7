/** The store is private to its owner: 0600 files in a 0700 directory, and wider modes tightened on open. */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('store file modes', () => {
  it('a new store is 0600 (with its WAL and shared-memory files) in a new 0700 directory', async () => {
    const dir = join(temp.dir, 'new', 'data');
    const file = join(dir, 'shop.db');
    const store = await openStore(file);
    try {
      store.sqlite.exec('create table t (x); insert into t values (1)');
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(temp.dir, 'new'))).toBe(0o700);
    } finally {
      await store.close();
    }
  });

  it('an existing store readable by others is tightened to 0600 when opened; its directory is left as set', async () => {
    const dir = join(temp.dir, 'shared');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const file = join(dir, 'old.db');
    const first = await openStore(file);
    first.sqlite.exec('create table t (x); insert into t values (1)');
    chmodSync(file, 0o644);
    chmodSync(`${file}-wal`, 0o664);
    const second = await openStore(file);
    try {
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(dir)).toBe(0o755);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
