/**
 * The quick start's first steps, embedded (no server started by hand): demo data, then every
 * report on the local store, in-process. The same commands against `shopprop serve` and a pipe
 * closed by its reader are in test/e2e/local-server.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { demoHome } from '../../helpers/demo-store.js';
import { QUICK_START_REPORTS } from '../../helpers/quick-start.js';

const { dir: home, db, demoStderr } = demoHome();

describe('embedded (no server started by hand)', () => {
  it('demo says the store is ready', () => {
    expect(demoStderr()).toMatch(/demo ready/);
  });

  it.each(QUICK_START_REPORTS)('%s prints a non-empty table on stdout', async (...args) => {
    const { code, stdout, stderr } = await runInProcess(['--db', db, '--format', 'table', ...args], { home });
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/┌/);
    expect(stdout.split('\n').length).toBeGreaterThan(5);
  });

  it('uses the demo profile: company, shop, user and cashbook', async () => {
    const { stdout } = await runInProcess(['config', 'list', '--format', 'json'], { home });
    expect(JSON.parse(stdout).settings).toMatchObject({ companyId: 1 });
    expect(Object.keys(JSON.parse(stdout).settings)).toEqual(expect.arrayContaining(['retailShopId', 'userId', 'cashbookId']));
  });

  it('refuses to overwrite a store that holds data', async () => {
    const again = await runInProcess(['--db', db, 'demo'], { home });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists already.*--replace/);
  });
});
