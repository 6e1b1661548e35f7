/**
 * An outbox file SQLite cannot read (overwritten with other bytes, or truncated): `sale outbox`
 * and `sale sync` name the file, say the kept sales in it could not be read and how to move it
 * aside with its WAL file, send nothing, and leave every byte of it and of its WAL (the sales
 * kept last) where they were. In-process; `sale sync` against a scripted server on 127.0.0.1
 * that counts the requests.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Outbox } from '../../../src/cli/sale/outbox-store.js';
import { saleBody } from '../../client/fixtures.js';
import { json } from '../../client/http-fixture.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { scriptedServerForFile } from '../../helpers/scripted-server.js';

const fixture = scriptedServerForFile();

/** A user's home whose outbox (data/outbox.db) holds `bytes`. */
function homeWithOutbox(bytes: Buffer): { home: string; file: string } {
  const home = fixture.newHome();
  mkdirSync(join(home, 'data'), { recursive: true });
  const file = join(home, 'data', 'outbox.db');
  writeFileSync(file, bytes, { mode: 0o600 });
  return { home, file };
}

/**
 * A real outbox of 300 kept sales, cut to half its length as a full disk or a bad copy leaves
 * it, with its WAL holding the last sale kept (written as a till that lost power leaves it).
 */
async function truncatedOutbox(into: string): Promise<{ main: Buffer; wal: Buffer }> {
  const file = join(fixture.newHome(), 'whole.outbox.db');
  const outbox = await Outbox.open(file);
  for (let i = 0; i < 300; i++) {
    outbox.add({
      idempotencyKey: `key-${i}`,
      target: fixture.server().url,
      body: { ...saleBody(), notes: `sale ${i} ${'x'.repeat(400)}` },
      createdAt: 1_000 + i,
      reason: 'offline',
    });
  }
  outbox.close();
  const db = new Database(file);
  db.pragma('wal_autocheckpoint = 0');
  db.prepare('insert into outbox (idempotency_key, target, company_id, body, created_at) values (?, ?, 1, ?, 2000)').run(
    'key-last',
    fixture.server().url,
    JSON.stringify(saleBody()),
  );
  copyFileSync(file, into);
  copyFileSync(`${file}-wal`, `${into}-wal`);
  db.close();
  truncateSync(into, Math.floor(statSync(into).size / 2));
  return { main: readFileSync(into), wal: readFileSync(`${into}-wal`) };
}

const cli = (home: string, args: string[]) => runInProcess(['--base-url', fixture.server().url, '--token', 't', ...args], { home });

function expectNamedAndKept(stderr: string, file: string, bytes: Buffer, said: RegExp): void {
  expect(stderr).toMatch(
    new RegExp(
      `^shopprop: the outbox file ${file} cannot be read \\(${said.source}\\): the sales kept in it could not be read, and nothing in it was changed or deleted`,
    ),
  );
  expect(stderr).toContain(`move it aside and keep the copy: mv ${file} ${file}.damaged`);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(readFileSync(file).equals(bytes)).toBe(true);
}

describe('an outbox file that cannot be read', () => {
  it('other bytes: sale outbox and sale sync exit 1 naming the file and how to move it aside; nothing sent, nothing deleted', async () => {
    fixture.server().seen.length = 0;
    fixture.server().handle((_req, res) => json(res, 200, { success: 'true', id: 1, receiptNo: 'R1' }));
    const bytes = Buffer.from('these are the notes of the shop, not a database\n'.repeat(40));
    const { home, file } = homeWithOutbox(bytes);
    for (const args of [
      ['sale', 'outbox'],
      ['sale', 'sync'],
    ]) {
      const result = await cli(home, args);
      expect(result.code, result.stderr).toBe(1);
      expectNamedAndKept(result.stderr, file, bytes, /file is not a database/);
    }
    expect(fixture.server().seen).toEqual([]);
    expect(readdirSync(join(home, 'data'))).toEqual(['outbox.db']);
  });

  it('truncated: the same words, its WAL named to move with it, and neither file changed (the WAL is not folded in and deleted)', async () => {
    fixture.server().seen.length = 0;
    const { home, file } = homeWithOutbox(Buffer.alloc(0));
    const { main, wal } = await truncatedOutbox(file);
    for (const args of [
      ['sale', 'outbox'],
      ['sale', 'sync'],
    ]) {
      const result = await cli(home, args);
      expect(result.code, result.stderr).toBe(1);
      expectNamedAndKept(result.stderr, file, main, /database disk image is malformed/);
      expect(result.stderr).toContain(`mv ${file}-wal ${file}.damaged-wal`);
      expect(readFileSync(`${file}-wal`).equals(wal)).toBe(true);
    }
    expect(fixture.server().seen).toEqual([]);
  });
});
