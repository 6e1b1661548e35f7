/**
 * Every list takes every paging flag with every filter it takes, on the local store in-process
 * and through a real HTTP server on the same store: `--limit`, `--start` with `--limit`, `--all`,
 * and `--all` from a `--start`. The expected records of the paged lists are read from the store
 * with SQL of the test's own; paid and balance and statements (which the interface sends whole)
 * are held to their own whole report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { startTestServer, type TestServer } from '../../helpers/local-server.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

let server: TestServer;
let token: string;
const home = makeTempDir();
beforeAll(async () => {
  server = await startTestServer();
  token = server.tokenFor(1, 'admin');
});
afterAll(async () => {
  await server.close();
  home.remove();
});

type Target = 'embedded' | 'remote';
const TARGETS: Target[] = ['embedded', 'remote'];

async function run(target: Target, args: string[]) {
  const via = target === 'embedded' ? ['--db', server.dbFile] : ['--base-url', server.url, '--token', token];
  const result = await runInProcess([...via, '--company', '1', ...args, '--format', 'ndjson', '--raw'], { home: home.dir });
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return {
    records: result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
    stderr: result.stderr,
  };
}

const ids = (sql: string, ...params: unknown[]) => (server.store.sqlite.prepare(sql).all(...params) as { id: number }[]).map((r) => r.id);
const one = (sql: string) => (server.store.sqlite.prepare(sql).get() as { v: number }).v;

interface Paging {
  flags: string[];
  /** The part of the whole list these flags show. */
  slice<T>(all: T[]): T[];
}
const PAGINGS: Paging[] = [
  { flags: ['--limit', '3'], slice: (all) => all.slice(0, 3) },
  { flags: ['--start', '2', '--limit', '3'], slice: (all) => all.slice(2, 5) },
  { flags: ['--all'], slice: (all) => all },
  { flags: ['--all', '--start', '5'], slice: (all) => all.slice(5) },
];

/** What stderr says for a part shown of `total` records from `start` on. */
function expectNotice(stderr: string, shown: number, fromStart: number): void {
  if (shown < fromStart) expect(stderr).toContain(`showing ${shown} of ${fromStart.toLocaleString('en-US')}; --all for every page`);
  else expect(stderr).not.toMatch(/showing \d+ of/);
}

function startOf(flags: string[]): number {
  const at = flags.indexOf('--start');
  return at === -1 ? 0 : Number(flags[at + 1]);
}

describe.each(TARGETS)('paging flags, %s', (target) => {
  it('sale items: with each filter and with filters together', async () => {
    const person = one('select user_id as v from cash_sale_lines where company_id = 1 group by user_id order by count(*) desc, user_id limit 1');
    const product = one(
      'select item_product_id as v from cash_sale_lines where company_id = 1 group by item_product_id order by count(*) desc, item_product_id limit 1',
    );
    const category = one(
      'select item_category_id as v from cash_sale_lines where company_id = 1 and item_category_id is not null group by item_category_id order by count(*) desc limit 1',
    );
    const lines = (where: string, ...params: number[]) =>
      ids(`select id from cash_sale_lines where company_id = 1 ${where} order by issue_date desc, id desc`, ...params);
    const filters: [string[], number[]][] = [
      [[], lines('')],
      [['--shop', '1'], lines('and retail_shop_id = ?', 1)],
      [['--sales-person', String(person)], lines('and user_id = ?', person)],
      [['--item', String(product)], lines('and item_product_id = ?', product)],
      [['--category', String(category)], lines('and item_category_id = ?', category)],
      [
        ['--shop', '1', '--sales-person', String(person), '--category', String(category)],
        lines('and retail_shop_id = 1 and user_id = ? and item_category_id = ?', person, category),
      ],
    ];
    for (const [filter, all] of filters) {
      expect(all.length, filter.join(' ')).toBeGreaterThan(5);
      for (const paging of PAGINGS) {
        const { records, stderr } = await run(target, ['sale', 'items', ...filter, ...paging.flags]);
        expect(
          records.map((r) => r.id),
          [...filter, ...paging.flags].join(' '),
        ).toEqual(paging.slice(all));
        expectNotice(stderr, records.length, all.length - startOf(paging.flags));
      }
    }
  });

  it('sale list: by company, shop, sales person, and shop with sales person', async () => {
    const person = one('select user_id as v from cash_sales where company_id = 1 group by user_id order by count(*) desc, user_id limit 1');
    const sales = (where: string, ...params: number[]) => ids(`select id from cash_sales where ${where} order by issue_date desc, id desc`, ...params);
    const filters: [string[], number[]][] = [
      [[], sales('company_id = 1')],
      [['--shop', '2'], sales('retail_shop_id = 2')],
      [['--sales-person', String(person)], sales('user_id = ?', person)],
      [['--shop', '1', '--sales-person', String(person)], sales('retail_shop_id = 1 and user_id = ?', person)],
    ];
    for (const [filter, all] of filters) {
      for (const paging of PAGINGS) {
        const { records, stderr } = await run(target, ['sale', 'list', ...filter, ...paging.flags]);
        expect(
          records.map((r) => r.id),
          [...filter, ...paging.flags].join(' '),
        ).toEqual(paging.slice(all));
        expectNotice(stderr, records.length, all.length - startOf(paging.flags));
      }
    }
  });

  it('receipt specs: units in stock, by id', async () => {
    const all = ids("select id from item_specs where company_id = 1 and status = 'in_stock' order by id");
    for (const paging of PAGINGS) {
      const { records, stderr } = await run(target, ['receipt', 'specs', ...paging.flags]);
      expect(
        records.map((r) => r.id),
        paging.flags.join(' '),
      ).toEqual(paging.slice(all));
      expectNotice(stderr, records.length, all.length - startOf(paging.flags));
    }
  });

  it('paidbalance: by zone, officer, property, and zone with officer', async () => {
    const zoneAndOfficer = server.store.sqlite
      .prepare('select zone_id as zone, field_officer_id as officer from properties where company_id = 1 order by id limit 1')
      .get() as { zone: number; officer: number };
    const filters = [
      ['--zone', '1'],
      ['--officer', '2'],
      ['--property', '1'],
      ['--zone', String(zoneAndOfficer.zone), '--officer', String(zoneAndOfficer.officer)],
    ];
    for (const filter of filters) {
      const month = ['--month', '10', '--year', '2026', ...filter];
      const whole = (await run(target, ['paidbalance', ...month])).records;
      expect(whole.length, filter.join(' ')).toBeGreaterThan(5);
      for (const paging of [...PAGINGS, { flags: ['--start', '2'], slice: <T>(all: T[]) => all.slice(2) }]) {
        const { records, stderr } = await run(target, ['paidbalance', ...month, ...paging.flags]);
        expect(records, [...filter, ...paging.flags].join(' ')).toEqual(paging.slice(whole));
        expectNotice(stderr, records.length, whole.length - startOf(paging.flags));
      }
    }
  });

  it('statements: by landlord, landlord and zone, and paid status', async () => {
    const landlord = one('select landlord_id as v from statements where company_id = 1 group by landlord_id order by count(*) desc, landlord_id limit 1');
    const zone = one(`select zone_id as v from statements where landlord_id = ${landlord} group by zone_id order by count(*) desc limit 1`);
    const filters = [
      ['--landlord', String(landlord)],
      ['--landlord', String(landlord), '--zone', String(zone)],
      ['--landlord', String(landlord), '--status', 'ALL'],
    ];
    for (const filter of filters) {
      const whole = (await run(target, ['statements', ...filter])).records;
      expect(whole.map((s) => s.id).sort()).toEqual(
        ids(`select id from statements where landlord_id = ? ${filter.includes('--zone') ? `and zone_id = ${zone}` : ''} order by id`, landlord).sort(),
      );
      for (const paging of PAGINGS) {
        const { records, stderr } = await run(target, ['statements', ...filter, ...paging.flags]);
        expect(records, [...filter, ...paging.flags].join(' ')).toEqual(paging.slice(whole));
        expectNotice(stderr, records.length, whole.length - startOf(paging.flags));
      }
    }
  });
});
