/**
 * The M-Pesa code column of a sale's payments, on both engines: a store that already holds one
 * code on two sales (saved before codes were checked) keeps both sales as they were after the
 * upgrade, the column giving the code to the first only; a save naming that code afterwards is
 * refused naming the first sale's receipt. And the unique index is the last word: a duplicate
 * code written past every check breaks it, and the save's refusal names it a conflict.
 */
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import * as sqliteMigration from '../../src/store/sqlite/migrations/2026-11-27-20-sale-mpesa-code.js';
import * as postgresMigration from '../../src/store/postgres/migrations/2026-11-27-20-sale-mpesa-code.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { sqliteEngine } from '../../src/store/sqlite/sqlite-engine.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { postgresShopStore } from '../../src/store/postgres/postgres-shop-store.js';
import { constraintRefusal } from '../../src/store/units/sale-save.js';
import type { Engine } from '../../src/store/unit-of-work/transaction.js';
import type { ShopStore } from '../../src/store/shop-store.js';
import { BACKENDS, TEST_NOW, type Backend } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';
import { accessoryLine, companyRefs, saleBody } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
afterAll(() => temp.remove());

interface Opened {
  shop: ShopStore;
  engine: Engine;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  migration: typeof sqliteMigration;
  /** Plain SQL both dialects read alike, `?` for parameters. */
  query<T>(text: string, ...params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The demo on the engine, at today's schema. */
async function open(backend: Backend, name: string): Promise<Opened & { refs: ReturnType<typeof companyRefs> }> {
  const store = await openStore(join(temp.dir, `${name}.db`));
  await seedDemo(store, { now: TEST_NOW });
  const refs = companyRefs(store, 1);
  if (backend === 'sqlite') {
    return {
      refs,
      shop: sqliteShopStore(store),
      engine: sqliteEngine(store),
      db: new Kysely({ dialect: new SqliteDialect({ database: store.sqlite as never }) }),
      migration: sqliteMigration,
      query: async <T>(text: string, ...params: unknown[]) => {
        const statement = store.sqlite.prepare(text);
        return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
      },
      close: () => store.close(),
    };
  }
  const url = await postgres.createDatabase();
  const pool = openPostgresPool(url, { max: 4 });
  await copySqliteToPostgres(sqliteShopStore(store), pool);
  await store.close();
  return {
    refs,
    shop: postgresShopStore(pool, url),
    engine: postgresEngine(pool),
    db: new Kysely({ dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }) }),
    migration: postgresMigration,
    query: async <T>(text: string, ...params: unknown[]) => {
      let n = 0;
      return (
        await pool.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows.map((row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]))) as T[];
    },
    close: async () => {
      await pool.end();
    },
  };
}

describe.each(BACKENDS)('on %s', (backend) => {
  it('an upgrade keeps every sale of a code used twice; the first sale holds it, and a new save of it is refused naming that receipt', async () => {
    const s = await open(backend, `upgrade-${backend}`);
    try {
      // The store as the version before left it: no column, and codes never checked.
      await s.migration.down(s.db);
      const [first, second, third] = await s.query<{ id: number; receipt_no: string }>(
        'select id, receipt_no from cash_sales where company_id = 1 order by id limit 3',
      );
      const put = (saleId: number, code: string) =>
        s.query(
          'insert into cash_sale_channels (sale_id, company_id, channel_id, reference_no, amount_cents) values (?, 1, ?, ?, 100)',
          saleId,
          s.refs.channels.MPESA,
          code,
        );
      await put(first!.id, 'SKR4H7XQ2P');
      await put(second!.id, 'SKR4H7XQ2P');
      await put(third!.id, 'abc');

      await s.migration.up(s.db);

      const rows = await s.query<{ sale_id: number; reference_no: string; mpesa_code: string | null }>(
        "select sale_id, reference_no, mpesa_code from cash_sale_channels where reference_no in ('SKR4H7XQ2P', 'abc') order by id",
      );
      expect(rows).toEqual([
        { sale_id: first!.id, reference_no: 'SKR4H7XQ2P', mpesa_code: 'SKR4H7XQ2P' },
        { sale_id: second!.id, reference_no: 'SKR4H7XQ2P', mpesa_code: null },
        { sale_id: third!.id, reference_no: 'abc', mpesa_code: null },
      ]);

      const body = saleBody(s.refs, [accessoryLine(s.refs)]);
      body.channelsDto = [{ channelId: s.refs.channels.MPESA, referenceNo: 'SKR4H7XQ2P', amount: body.amountPaid }];
      await expect(s.shop.saveCashSale({ body, callerCompanyId: 1, now: TEST_NOW })).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringContaining(`M-Pesa code SKR4H7XQ2P was already used by receipt ${first!.receipt_no}`),
      });
    } finally {
      await s.close();
    }
  }, 60_000);

  it('a duplicate code written past the checks breaks the unique index, which the save names a conflict', async () => {
    const s = await open(backend, `guard-${backend}`);
    try {
      const [a, b] = await s.query<{ id: number }>('select id from cash_sales where company_id = 1 order by id limit 2');
      const put = (saleId: number) =>
        s.engine.unit('write', (tx) =>
          tx.insert('cash_sale_channels', {
            sale_id: saleId,
            company_id: 1,
            channel_id: s.refs.channels.MPESA,
            reference_no: 'QX12AB34CD',
            amount_cents: 100,
            mpesa_code: 'QX12AB34CD',
          }),
        );
      await put(a!.id);
      const error = await put(b!.id).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(s.engine.brokenUniqueIndex(error)).toBe('cash_sale_channels_mpesa_code');
      expect(constraintRefusal(s.engine, error)).toMatchObject({
        kind: 'conflict',
        message: expect.stringContaining('M-Pesa code of the sale was already used'),
      });
    } finally {
      await s.close();
    }
  }, 60_000);
});
