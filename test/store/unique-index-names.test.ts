/**
 * A broken unique index is named alike on both engines (Engine.brokenUniqueIndex), so a unit
 * tells "a second FINAL" from any other refusal by one name: the index's name in the schema,
 * a table's UNIQUE constraint as PostgreSQL names it (table_columns_key).
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { migratePostgres } from '../../src/store/postgres/migrate-postgres.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteEngine } from '../../src/store/sqlite/sqlite-engine.js';
import { sql } from '../../src/store/unit-of-work/sql.js';
import type { Engine } from '../../src/store/unit-of-work/transaction.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
let store: Store;
let pool: pg.Pool;

beforeAll(async () => {
  store = await openStore(join(temp.dir, 'names.db'));
  pool = openPostgresPool(await postgres.createDatabase(), { max: 2 });
  await migratePostgres(pool);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await store?.close();
  temp.remove();
});

const engines = (): Engine[] => [sqliteEngine(store), postgresEngine(pool)];

/** The name the engine gives the index a failing unit broke. */
async function brokenBy(engine: Engine, work: Parameters<Engine['unit']>[1]): Promise<string | undefined> {
  try {
    await engine.unit('write', work);
  } catch (error) {
    return engine.brokenUniqueIndex(error);
  }
  throw new Error('expected the unit to fail');
}

describe('a broken unique index, named on both engines', () => {
  it('names a table constraint, a partial unique index and a primary key alike', async () => {
    const seen: (string | undefined)[][] = [];
    for (const engine of engines()) {
      await engine.unit('write', async (tx) => {
        await tx.insert('companies', { id: 1, name: 'Acme', time_zone: 'Africa/Nairobi', vat_rate_bp: 1600, receipt_seq: 0 });
        await tx.insert('landlords', { company_id: 1, code: 'L1', name: 'Wanjiru' });
      });
      seen.push([
        await brokenBy(engine, (tx) => tx.insert('landlords', { company_id: 1, code: 'L1', name: 'Again' })),
        await brokenBy(engine, async (tx) => {
          await tx.insert('users', { company_id: 1, name: 'A', role: 'cashier', username: 'amina' });
          await tx.insert('users', { company_id: 1, name: 'B', role: 'cashier', username: 'amina' });
        }),
        await brokenBy(engine, (tx) =>
          tx.run(sql("insert into companies (id, name, time_zone, vat_rate_bp, receipt_seq) values (1, 'Other', 'Africa/Nairobi', 0, 0)")),
        ),
      ]);
    }
    expect(seen[0]).toEqual(['landlords_company_id_code_key', 'users_username', 'companies_pkey']);
    expect(seen[1]).toEqual(seen[0]);
  });

  it('names nothing for another failure', async () => {
    for (const engine of engines()) {
      const failure = await engine
        .unit('write', (tx) => tx.run(sql('select * from no_such_table')))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeDefined();
      expect(engine.brokenUniqueIndex(failure)).toBeUndefined();
    }
  });
});
