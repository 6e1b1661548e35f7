/**
 * Import files in other encodings, on the built CLI: bytes that are not UTF-8 are refused with
 * exit 2 and their line and column; `--encoding windows-1252` imports them faithfully; a UTF-8
 * byte order mark is accepted, and means UTF-8 whatever --encoding says.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const db = join(temp.dir, 'shop.db');
const cli = (args: string[]) => runCli([...args, '--db', db], { home: temp.dir });
const landlordNames = () => {
  const sqlite = new Database(db, { readonly: true });
  try {
    return (sqlite.prepare('select name from landlords order by id').all() as { name: string }[]).map((r) => r.name);
  } finally {
    sqlite.close();
  }
};

beforeAll(async () => {
  const created = await cli(['local', 'company', 'create', '--name', 'Acme']);
  expect(created.code, created.stderr).toBe(0);
});
afterAll(() => temp.remove());

// "José Muñoz" in Windows-1252: é is 0xE9, ñ is 0xF1, each one byte that UTF-8 cannot start with.
const windows1252 = Buffer.concat([
  Buffer.from('code,name\nL1,Amina Wanjiru\nL2,Jos'),
  Buffer.from([0xe9]),
  Buffer.from(' Mu'),
  Buffer.from([0xf1]),
  Buffer.from('oz\n'),
]);

describe('local import and text encodings', () => {
  it('refuses bytes that are not UTF-8 with exit 2, the line and the column, importing nothing', async () => {
    const file = join(temp.dir, 'landlords-1252.csv');
    writeFileSync(file, windows1252);
    const result = await cli(['local', 'import', 'landlords', file, '--company', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not UTF-8 text at line 3, column 7/);
    expect(result.stderr).toMatch(/--encoding windows-1252/);
    expect(landlordNames()).toEqual([]);
  });

  it('imports the same file faithfully with --encoding windows-1252', async () => {
    const file = join(temp.dir, 'landlords-1252.csv');
    const result = await cli(['local', 'import', 'landlords', file, '--company', '1', '--encoding', 'windows-1252']);
    expect(result.code, result.stderr).toBe(0);
    expect(landlordNames()).toEqual(['Amina Wanjiru', 'José Muñoz']);
  });

  it('accepts a UTF-8 byte order mark', async () => {
    const file = join(temp.dir, 'landlords-bom.csv');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('code,name\nL3,Zoë Achieng\n')]));
    const result = await cli(['local', 'import', 'landlords', file, '--company', '1']);
    expect(result.code, result.stderr).toBe(0);
    expect(landlordNames()).toContain('Zoë Achieng');
  });

  it('a UTF-8 byte order mark means UTF-8 even with --encoding windows-1252, and says so', async () => {
    // Excel's "CSV UTF-8": read as windows-1252, the mark became "ï»¿" in the first column's name.
    const file = join(temp.dir, 'landlords-excel-utf8.csv');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('code,name\nL4,Wanjiṟũ Müller\n')]));
    const result = await cli(['local', 'import', 'landlords', file, '--company', '1', '--encoding', 'windows-1252']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${file} starts with a UTF-8 byte order mark, so it is read as utf-8, not windows-1252`);
    expect(result.stderr).not.toMatch(/ï»¿/);
    expect(landlordNames()).toContain('Wanjiṟũ Müller');
  });

  it('a UTF-16 file with its byte order mark is read as UTF-16 whatever --encoding says', async () => {
    const file = join(temp.dir, 'landlords-utf16.csv');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('code,name\r\nL5,Aïcha Njeri\r\n', 'utf16le')]));
    const result = await cli(['local', 'import', 'landlords', file, '--company', '1', '--encoding', 'latin1']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('starts with a UTF-16LE byte order mark, so it is read as utf-16le, not latin1');
    expect(landlordNames()).toContain('Aïcha Njeri');
  });

  it('names an unknown encoding, exit 2', async () => {
    const result = await cli(['local', 'import', 'landlords', join(temp.dir, 'landlords-bom.csv'), '--company', '1', '--encoding', 'klingon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown encoding "klingon"/);
  });
});
