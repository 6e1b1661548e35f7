/**
 * A newcomer's first steps with their own data, through the built binary in a fresh home:
 * the missing-store hint names the first step, `local company create --db FILE --use` points
 * the profile at that store and not only at its ids, a second profile inherits what it leaves
 * unset, and a paging style that does not match the server is refused, not walked twice.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

describe('a fresh home', () => {
  const home = join(temp.dir, 'fresh');
  const cli = (args: string[]) => runCli(args, { home, cwd: temp.dir });

  it('without a store, the hint names `local company create` as the first step, for lists and imports', async () => {
    const listed = await cli(['sale', 'list']);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toMatch(/^shopprop: no local store at .*: `shopprop local company create --name NAME --use` starts one for your own data/);
    expect(listed.stderr).toMatch(/`shopprop demo` fills one with demo data/);
    const products = join(temp.dir, 'products.csv');
    writeFileSync(products, 'code,name,category,price,cost,taxRate,taxIncExc\nX1,Stand,Stands,500,200,16,1\n');
    const imported = await cli(['local', 'import', 'products', products, '--company', '1']);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toMatch(/`shopprop local company create --name NAME --use` starts one/);
  });
});

describe('local company create --db FILE --use', () => {
  const home = join(temp.dir, 'own');
  const own = join(temp.dir, 'own.db');
  const cli = (args: string[]) => runCli(args, { home, cwd: temp.dir });

  it('points the profile at the store as well as at the ids, so later commands need no --db', async () => {
    expect((await cli(['demo'])).code).toBe(0);
    const created = await cli(['local', 'company', 'create', '--name', 'Acme', '--db', own, '--use']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/profile "default" now uses company 1 in .*own\.db/);
    const settings = JSON.parse((await cli(['config', 'list', '--format', 'json'])).stdout).settings;
    expect(settings).toMatchObject({ db: own, companyId: 1, retailShopId: 1, cashbookId: 1 });
    // The new company has no sales; the demo store's company 1 has 900.
    const sales = await cli(['sale', 'list', '--format', 'json']);
    expect(sales.code, sales.stderr).toBe(0);
    expect(JSON.parse(sales.stdout)).toEqual([]);
    expect(existsSync(join(temp.dir, 'own.outbox.db'))).toBe(false);
  });

  it("demo does not take the profile's store for its own (--replace would delete own data)", async () => {
    const demo = await cli(['demo', '--replace', '--db', join(temp.dir, 'demo2.db')]);
    expect(demo.code, demo.stderr).toBe(0);
    expect(existsSync(own)).toBe(true);
    const settings = JSON.parse((await cli(['config', 'list', '--format', 'json'])).stdout).settings;
    expect(settings.db).toBe(join(temp.dir, 'demo2.db'));
  });

  it('a second profile inherits what it leaves unset from default, and config list says so', async () => {
    expect((await cli(['--profile', 'shop2', 'config', 'set', 'retailShopId', '2'])).code).toBe(0);
    const listed = JSON.parse((await cli(['--profile', 'shop2', 'config', 'list', '--format', 'json'])).stdout);
    expect(listed.settings).toEqual({ retailShopId: 2 });
    expect(listed.inherited).toMatchObject({ companyId: 1, db: join(temp.dir, 'demo2.db') });
    const table = await cli(['--profile', 'shop2', 'config', 'list', '--format', 'table']);
    expect(table.stdout).toMatch(/^companyId = 1 {3}\(from profile "default"\)$/m);
    const got = await cli(['--profile', 'shop2', 'config', 'get', 'companyId']);
    expect([got.code, got.stdout, got.stderr]).toEqual([0, '1\n', '(from profile "default")\n']);
    // The company comes from default: no --company needed.
    const sales = await cli(['--profile', 'shop2', 'sale', 'list', '--limit', '1', '--format', 'json']);
    expect(sales.code, sales.stderr).toBe(0);
    expect(JSON.parse(sales.stdout)).toHaveLength(1);
  });
});

describe('pagingStyle', () => {
  const home = join(temp.dir, 'paging');
  const cli = (args: string[]) => runCli(args, { home, cwd: temp.dir });

  it('page against the bundled server (which states offset) is refused naming the setting, not walked with duplicates', async () => {
    expect((await cli(['demo'])).code).toBe(0);
    expect((await cli(['config', 'set', 'pagingStyle', 'page'])).code).toBe(0);
    const out = join(temp.dir, 'all.csv');
    const walked = await cli(['sale', 'list', '--all', '--limit', '300', '-o', out]);
    expect(walked.code, walked.stderr).toBe(2);
    expect(walked.stderr).toMatch(
      /^shopprop: the service says start is a record offset, so start is not a page index as the setting pagingStyle page says: `shopprop config set pagingStyle offset`/,
    );
    expect(existsSync(out)).toBe(false);
    expect((await cli(['config', 'unset', 'pagingStyle'])).code).toBe(0);
    const fixed = await cli(['sale', 'list', '--all', '--limit', '300', '--format', 'json']);
    const ids = (JSON.parse(fixed.stdout) as { id: number }[]).map((sale) => sale.id);
    expect(ids).toHaveLength(900);
    expect(new Set(ids).size).toBe(900);
  });
});
