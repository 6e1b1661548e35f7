/**
 * What the local store says at an 80-column terminal, with the built binary on the demo: an id
 * nothing has is named in words with the command that lists the ids there are (no HTTP method,
 * path or status: no request went over a network), exit 3; and the statements' note about a
 * missing totals row names the flag that gives one, which does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnPty } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';

const home = mkdtempSync(join(tmpdir(), 'shopprop-words-'));
const db = join(home, 'demo.db');

beforeAll(async () => {
  const demo = await runCli(['demo', '--db', db], { home, timeoutMs: 120_000 });
  expect(demo.code, demo.stderr).toBe(0);
}, 120_000);

async function at80(args: string[]): Promise<{ screen: string; code: number }> {
  const term = spawnPty(['--db', db, ...args], { home }, { cols: 80, rows: 50 });
  const code = await term.exited;
  return { screen: term.screen().replaceAll('\r', ''), code };
}

describe('an id the local store does not have', () => {
  it.each([
    [
      ['paidbalance', '--zone', '99', '--month', '10', '--year', '2026'],
      'tenant paid and balance failed: no zone 99 in company 1; `shopprop local list zones` lists them',
    ],
    [
      ['payadvice', '--property', '999', '--month', '10', '--year', '2026'],
      'landlord pay advice failed: no property 999 in company 1; `shopprop local list properties` lists them',
    ],
    [['sale', 'list', '--shop', '77'], 'cash sale list failed: no shop 77; `shopprop local list shops` lists them'],
  ])(
    '%j is named in words, with the command listing what there is, wrapped between words; exit 3',
    async (args, said) => {
      const { screen, code } = await at80(args);
      expect(code).toBe(3);
      for (const line of screen.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
      expect(screen.replaceAll('\n  ', ' ')).toContain(`shopprop: ${said}`);
      expect(screen).not.toMatch(/HTTP|\/api\/|zoneId|propertyId|retailShopId/);
    },
    60_000,
  );

  it('the command it names lists the zones', async () => {
    const { screen, code } = await at80(['local', 'list', 'zones']);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/│\s+1 │/);
  }, 60_000);
});

describe('statements that are not all of one type', () => {
  it('say why there is no totals row and which flag gives one; that flag lists one type with its totals', async () => {
    const mixed = await at80(['statements', '--landlord', '1', '--status', 'NO']);
    expect(mixed.code, mixed.screen).toBe(0);
    expect(mixed.screen).toContain(
      'no totals row: INTERIM drafts and FINAL statements are not added together;\n  --type FINAL or --type INTERIM lists one of them, with its totals',
    );
    expect(mixed.screen).toMatch(/INTERIM d/);
    const final = await at80(['statements', '--landlord', '1', '--status', 'NO', '--type', 'FINAL']);
    expect(final.code, final.screen).toBe(0);
    expect(final.screen).not.toMatch(/INTERIM|no totals row/);
    expect(final.screen).toMatch(/│ Total\s+│/);
    const drafts = await at80(['statements', '--landlord', '1', '--status', 'NO', '--type', 'INTERIM']);
    expect(drafts.screen).not.toMatch(/approved|FINAL │|no totals row/);
    expect(drafts.screen).toMatch(/│ Total\s+│/);
  }, 60_000);
});
