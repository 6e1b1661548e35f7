/**
 * Log-in attempts counted in the store (units/login-attempts.ts), the same tests on both
 * engines: an attempt is counted before its password is checked, a right password gives its
 * slots back, an address is held back over every name; and on PostgreSQL two instances (two
 * pools on one database) count together.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessStore, LoginAdmission } from '../../src/store/access-store.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { migratePostgres } from '../../src/store/postgres/migrate-postgres.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { accessStoreOn } from '../../src/store/units/access.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const LIMITS = { windowMs: 60_000, perUsername: 3, perAddress: 5 };
const T0 = 1_000_000;
let sqlite: Store;
let sqliteAgain: Store;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  const file = join(temp.dir, 'logins.db');
  sqlite = await openStore(file);
  sqliteAgain = await openStore(file);
  const url = await postgres.createDatabase();
  pools.push(openPostgresPool(url, { max: 4 }), openPostgresPool(url, { max: 4 }));
  await migratePostgres(pools[0]!);
}, 120_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await sqliteAgain?.close();
  await sqlite?.close();
  temp.remove();
});

const backends: { name: string; store: () => AccessStore; another: () => AccessStore }[] = [
  { name: 'SQLite', store: () => sqliteShopStore(sqlite), another: () => sqliteShopStore(sqliteAgain) },
  { name: 'PostgreSQL', store: () => accessStoreOn(postgresEngine(pools[0]!)), another: () => accessStoreOn(postgresEngine(pools[1]!)) },
];

function reserved(admission: LoginAdmission): { username: string; addressAttemptId: number } {
  if (!admission.allowed) throw new Error(`held back for ${admission.waitSeconds} s`);
  return admission.reserved;
}

describe.each(backends)('log-in attempts on $name', ({ name, store, another }) => {
  const user = (who: string) => `${who}-${name}`;

  it('counts an attempt when it is admitted, before its password is checked: attempts in flight cannot pass the allowance', async () => {
    const admissions = await Promise.all([1, 2, 3, 4, 5].map(() => store().admitLogin(user('amina'), `10.0.0.1-${name}`, LIMITS, T0)));
    expect(admissions.filter((a) => a.allowed)).toHaveLength(3);
    expect(admissions.filter((a) => !a.allowed)).toEqual([
      { allowed: false, waitSeconds: 60 },
      { allowed: false, waitSeconds: 60 },
    ]);
  });

  it('gives the slots back when the password was right, so a user who logs in is never held back by it', async () => {
    const s = store();
    await s.admitLogin(user('joseph'), `10.0.0.2-${name}`, LIMITS, T0);
    await s.admitLogin(user('joseph'), `10.0.0.2-${name}`, LIMITS, T0 + 1);
    await s.loginSucceeded(reserved(await s.admitLogin(user('joseph'), `10.0.0.2-${name}`, LIMITS, T0 + 2)));
    for (let attempt = 0; attempt < 3; attempt++) reserved(await s.admitLogin(user('joseph'), `10.0.0.2-${name}`, LIMITS, T0 + 10));
    expect((await s.admitLogin(user('joseph'), `10.0.0.2-${name}`, LIMITS, T0 + 10)).allowed).toBe(false);
  });

  it('holds an address back after its allowance over every name, until the oldest attempt leaves the window', async () => {
    const s = store();
    const address = `10.0.0.9-${name}`;
    for (let n = 0; n < 5; n++) reserved(await s.admitLogin(user(`guess${n}`), address, LIMITS, T0 + n * 1000));
    expect(await s.admitLogin(user('someone'), address, LIMITS, T0 + 5000)).toEqual({ allowed: false, waitSeconds: 55 });
    expect((await s.admitLogin(user('someone'), `10.0.0.8-${name}`, LIMITS, T0 + 5000)).allowed).toBe(true);
    expect((await s.admitLogin(user('someone else'), address, LIMITS, T0 + 60_001)).allowed).toBe(true);
  });

  it('counts the attempts made through two instances together', async () => {
    const outcomes: boolean[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const instance = attempt % 2 === 0 ? store() : another();
      outcomes.push((await instance.admitLogin(user('chain'), `10.0.1.${attempt}-${name}`, LIMITS, T0 + 100 + attempt)).allowed);
    }
    expect(outcomes).toEqual([true, true, true, false, false, false]);
  });
});
