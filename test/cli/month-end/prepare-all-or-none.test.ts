/**
 * A month-end prepares every property's statement in one unit of work: a run that fails part way
 * (here the database refuses the fifth property's statement, through a trigger on the real
 * SQLite file) has prepared nothing, not even the four before it, and leaves the previous folder
 * as it was; once the cause is gone, the rerun prepares them all. In-process, on the demo store.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { demoHome } from '../../helpers/demo-store.js';

const { dir: home, db } = demoHome();
const MONTH = ['--month', '10', '--year', '2026'];
const monthEnd = (args: string[]) => runInProcess(['--db', db, 'month-end', ...MONTH, ...args], { home });

/** Every statement of the store, as rows to compare whole. */
function statements(): unknown[] {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.prepare('select * from statements order by id').all();
  } finally {
    sqlite.close();
  }
}

function onStore(sql: string): void {
  const sqlite = new Database(db);
  try {
    sqlite.exec(sql);
  } finally {
    sqlite.close();
  }
}

describe('month-end: preparing is all or nothing', () => {
  const folder = join(home, 'october');

  it('a failure at the fifth property rolls back the four before it; the previous folder stays; the rerun prepares all', async () => {
    const first = await monthEnd(['-o', folder]);
    expect(first.code, first.stderr).toBe(0);
    const manifestBefore = readFileSync(join(folder, 'manifest.json'), 'utf8');
    expect(JSON.parse(manifestBefore).notes).toEqual(['prepared 8 INTERIM statements of 8 properties']);
    const before = statements();

    // The fifth property of the run's order (landlord code, then property code) fails to save.
    const order = (JSON.parse(manifestBefore).files as { path: string }[]).filter((f) => f.path.endsWith('.pdf')).map((f) => f.path);
    const fifth = /\/(P\d+)-/.exec(order[4]!)![1]!;
    onStore(`create trigger refuse_one before insert on statements
      when new.property_id = (select id from properties where code = '${fifth}' and company_id = 1)
      begin select raise(abort, 'statement refused by the database'); end`);

    const failed = await monthEnd(['--final', '--force', '-o', folder]);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('statement refused by the database');
    // Not one FINAL, and the INTERIM drafts of the first run untouched (their replacement rolled back too).
    expect(statements()).toEqual(before);
    expect(readFileSync(join(folder, 'manifest.json'), 'utf8')).toBe(manifestBefore);
    expect(readdirSync(home).filter((name) => name.includes('partial'))).toEqual([]);

    onStore('drop trigger refuse_one');
    const rerun = await monthEnd(['--final', '--force', '-o', folder]);
    expect(rerun.code, rerun.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { notes: string[]; files: { path: string }[] };
    expect(manifest.notes).toEqual(['prepared 8 FINAL statements of 8 properties']);
    expect(manifest.files.filter((f) => f.path.endsWith('-FINAL.pdf'))).toHaveLength(8);
  });
});
