/**
 * What a newcomer reads when something is wrong or done: one error prefix, one exit code per
 * meaning, counts that agree with their nouns, and hints that can be typed as they are.
 * In-process on a demo store (the progress line with stderr a terminal).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { demoHome } from '../../helpers/demo-store.js';

const demo = demoHome({ atDefaultStore: true });
const home = demo.dir;
const cli = (args: string[]) => runInProcess(args, { home });

describe('exit codes and the error prefix', () => {
  it('an unknown token id is not found (3), like every other unknown id', async () => {
    const revoked = await cli(['local', 'token', 'revoke', '99']);
    expect(revoked.code).toBe(3);
    expect(revoked.stderr).toBe('shopprop: no token 99 (`shopprop local token list` shows them)\n');
    const unknownCompany = await cli(['local', 'token', 'create', '--company', '99', '--role', 'cashier', '--name', 'Till']);
    expect(unknownCompany.code).toBe(3);
    expect(unknownCompany.stderr).toMatch(/^shopprop: no company 99 in the local store/);
    expect(unknownCompany.stderr).toMatch(/shopprop local company create/);
  });

  it('revoking a token twice is refused with exit 2, not taken for an unknown id', async () => {
    const created = await cli(['local', 'token', 'create', '--company', '1', '--role', 'cashier', '--name', 'Till 9']);
    expect(created.code, created.stderr).toBe(0);
    const id = String(JSON.parse((await cli(['local', 'token', 'list', '--format', 'json'])).stdout).at(-1).id);
    expect((await cli(['local', 'token', 'revoke', id])).code).toBe(0);
    const again = await cli(['local', 'token', 'revoke', id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`shopprop: token ${id} is already revoked\n`);
  });

  it('usage errors found by the parser start with the same prefix as every other error', async () => {
    for (const args of [['sale', 'list', '--limit', 'abc'], ['sale', 'lst'], ['--bogus'], ['paidbalance', '--zone', 'x']]) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^shopprop: /);
      expect(result.stderr, args.join(' ')).not.toMatch(/^error:/m);
    }
  });

  it('a page size is explained as a page size, an id as an id', async () => {
    expect((await cli(['sale', 'list', '--limit', 'abc'])).stderr).toMatch(/expected a page size from 1 to 1000/);
    expect((await cli(['paidbalance', '--zone', 'x'])).stderr).toMatch(/expected an id: a positive whole number/);
  });

  it('help exit-codes names the prefix', async () => {
    expect((await cli(['help', 'exit-codes'])).stdout).toMatch(/starting "shopprop:"/);
  });
});

describe('words', () => {
  it('demo prints what to try one command a line', () => {
    const tries = demo.demoStderr().slice(demo.demoStderr().indexOf('try'));
    expect(tries).toBe(
      'try, one at a time:\n  shopprop sale list\n  shopprop paidbalance --zone 1\n  shopprop payadvice --property 1\n  shopprop statements --landlord 1\n',
    );
    expect(demo.demoStderr()).not.toMatch(/\| shopprop/);
  });

  it('counts agree with their nouns: one record, one product', async () => {
    const one = join(home, 'one.csv');
    const listed = await cli(['sale', 'list', '--limit', '1', '-o', one]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toMatch(new RegExp(`^wrote 1 record to ${one.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    const two = await cli(['sale', 'list', '--limit', '2', '-o', join(home, 'two.csv')]);
    expect(two.stderr).toMatch(/^wrote 2 records to /m);

    const products = join(home, 'one-product.csv');
    writeFileSync(products, 'code,name,category,price,cost,taxRate,taxIncExc\nNEW1,Phone stand,Stands,500,200,16,1\n');
    const imported = await cli(['local', 'import', 'products', products]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/^imported 1 product and created 1 category from /);
  });

  it('at a terminal, the progress line is cleared before the final message', async () => {
    const result = await runInProcess(['sale', 'list', '--all', '--limit', '300', '-o', join(home, 'all.csv')], { home, stderrIsTTY: true });
    expect(result.code, result.stderr).toBe(0);
    // What the terminal shows: the escape sequences that move the cursor left out.
    // eslint-disable-next-line no-control-regex
    const screen = result.stderr.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '');
    expect(screen).toMatch(/fetched 900 of 900/);
    expect(screen).toMatch(/\rwrote 900 records to /);
    expect(screen).not.toMatch(/of 900wrote/);
  });

  it('the shop, sales-person and company filters combine (the list is narrowed, not refused)', async () => {
    const both = await cli(['sale', 'list', '--shop', '1', '--sales-person', '2', '--company', '1', '--all', '--format', 'json']);
    expect(both.code, both.stderr).toBe(0);
    const sales = JSON.parse(both.stdout) as { retailShopId: number; userId: number }[];
    for (const sale of sales) expect([sale.retailShopId, sale.userId]).toEqual([1, 2]);
  });

  it('the totals label stays out of an id column', async () => {
    const table = await cli(['sale', 'list', '--limit', '2', '--format', 'table', '--fields', 'totalAmount,id']);
    expect(table.code, table.stderr).toBe(0);
    const rows = table.stdout.trimEnd().split('\n');
    const totals = rows.at(-2) ?? '';
    expect(totals).toMatch(/^│ Page total [\d,]+\.\d\d │ +│$/);
  });
});
