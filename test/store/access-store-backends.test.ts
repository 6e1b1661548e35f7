/**
 * The access area of the store interface (tokens, local users, log-in, secrets), the same tests
 * on both backends: SQLite and PostgreSQL, each holding the same demo data. And on PostgreSQL, a
 * token revoked through one instance is refused by another within the cache's bound (5 s at most).
 */
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TOKEN_LIFETIME_MS } from '../../src/store/rules/access-rules.js';
import type { AccessStore } from '../../src/store/access-store.js';
import { openPostgresPool } from '../../src/store/postgres/connect.js';
import { copySqliteToPostgres } from '../../src/store/postgres/copy-from-sqlite.js';
import { KEPT_DATA_MS as TOKEN_CACHE_MS } from '../../src/store/postgres/pg-engine.js';
import { postgresEngine } from '../../src/store/postgres/pg-engine.js';
import { accessStoreOn } from '../../src/store/units/access.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
const NOW = Date.UTC(2026, 10, 15, 9, 0, 0);
let sqlite: Store;
let url = '';
const pools: pg.Pool[] = [];

const backends: { name: string; store: () => AccessStore }[] = [
  { name: 'SQLite', store: () => sqliteShopStore(sqlite) },
  { name: 'PostgreSQL', store: () => accessStoreOn(postgresEngine(pools[0]!)) },
];

beforeAll(async () => {
  sqlite = await openStore(join(temp.dir, 'shop.db'));
  await seedDemo(sqlite, { scale: 1, now: NOW });
  url = await postgres.createDatabase();
  pools.push(openPostgresPool(url), openPostgresPool(url));
  await copySqliteToPostgres(sqliteShopStore(sqlite), pools[0]!);
}, 120_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await sqlite?.close();
  temp.remove();
});

/** The refusal a call ends with, as kind and message. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: { kind?: string; message: string }) => ({ kind: error.kind, message: error.message }),
  );

describe.each(backends)('access on $name', ({ name, store: storeOf }) => {
  it('creates a token whose user is found, lists it, revokes it so it is refused, and says why a second revoke or an unknown one fails', async () => {
    const store = storeOf();
    const created = await store.createToken({ companyId: 1, role: 'cashier', name: `till ${name}`, now: NOW });
    expect(created.token).toMatch(/^sp_[\w-]{32}$/);
    expect(await store.tokenUser(created.token, NOW)).toEqual({ userId: created.userId, companyId: 1, role: 'cashier', name: `till ${name}` });
    expect(await store.tokenUser(`${created.token}x`, NOW)).toBeUndefined();
    const listed = (await store.listTokens(1)).find((t) => t.id === created.id);
    expect(listed).toEqual({ id: created.id, name: `till ${name}`, role: 'cashier', companyId: 1, userId: created.userId, createdAt: NOW, revokedAt: null });
    expect((await store.listTokens(2)).some((t) => t.id === created.id)).toBe(false);
    // A second token of the same name belongs to the same user.
    expect((await store.createToken({ companyId: 1, role: 'cashier', name: `till ${name}`, now: NOW })).userId).toBe(created.userId);

    await store.revokeToken(created.id, NOW + 1);
    expect(await store.tokenUser(created.token, NOW + 2)).toBeUndefined();
    expect(await refusal(store.revokeToken(created.id))).toEqual({ kind: 'conflict', message: `token ${created.id} is already revoked` });
    expect(await refusal(store.revokeToken(999_999))).toEqual({ kind: 'notFound', message: 'no token 999999 (`shopprop local token list` shows them)' });
    expect(await refusal(store.createToken({ companyId: 999, role: 'admin', name: 'x' }))).toMatchObject({
      kind: 'notFound',
      message: expect.stringMatching(/^no company 999 in the local store/),
    });
  });

  it('creates a local user who logs in for a day, refuses a wrong password and a taken name, and ends log-in tokens with a new password', async () => {
    const store = storeOf();
    const username = `Clerk.${name}`;
    const userId = await store.createLocalUser({ companyId: 1, role: 'accountant', name: `Clerk ${name}`, username, password: 'first password' });
    expect(
      await refusal(store.createLocalUser({ companyId: 1, role: 'cashier', name: 'other', username: username.toUpperCase(), password: 'another one' })),
    ).toEqual({
      kind: 'conflict',
      message: `there is already a user "${username.toLowerCase()}" (\`shopprop local user passwd ${username.toLowerCase()}\` changes the password)`,
    });
    expect(await refusal(store.createLocalUser({ companyId: 1, role: 'cashier', name: 'short', username: 'short', password: 'short' }))).toMatchObject({
      kind: 'badRequest',
    });
    expect(await store.logIn(username, 'wrong password', NOW)).toBeUndefined();
    const login = await store.logIn(` ${username} `, 'first password', NOW);
    expect(login).toEqual({
      token: expect.stringMatching(/^sp_/),
      name: `Clerk ${name}`,
      userId,
      landlordId: null,
      companyId: 1,
      email: null,
      expiresAt: NOW + LOGIN_TOKEN_LIFETIME_MS,
      role: 'accountant',
    });
    expect(await store.tokenUser(login!.token, NOW + 1000)).toMatchObject({ userId, role: 'accountant' });
    expect(await store.tokenUser(login!.token, NOW + LOGIN_TOKEN_LIFETIME_MS)).toBeUndefined();

    await store.setLocalPassword(username, 'second password', NOW + 2000);
    expect(await store.tokenUser(login!.token, NOW + 3000)).toBeUndefined();
    expect(await store.logIn(username, 'first password', NOW)).toBeUndefined();
    expect(await store.logIn(username, 'second password', NOW)).toMatchObject({ userId });
    expect(await refusal(store.setLocalPassword('nobody', 'long enough'))).toEqual({
      kind: 'notFound',
      message: 'no user "nobody" (`shopprop local user create` makes one)',
    });
  });

  it('keeps one secret per name, made on first use', async () => {
    const store = storeOf();
    const first = await store.secret(`test_key_${name}`);
    expect(first).toHaveLength(32);
    expect((await store.secret(`test_key_${name}`)).equals(first)).toBe(true);
    expect((await store.secret(`other_key_${name}`)).equals(first)).toBe(false);
  });
});

describe('tokens on PostgreSQL with two instances', () => {
  it('a token revoked through one instance is refused by the other once the cache bound (under 5 s) has passed', async () => {
    // The caches age their entries by this clock, moved by the test: no waiting, no measured time.
    let monotonic = 0;
    const [a, b] = pools.map((pool) => accessStoreOn(postgresEngine(pool), () => monotonic));
    const created = await a!.createToken({ companyId: 1, role: 'cashier', name: 'shared till', now: NOW });
    expect(await b!.tokenUser(created.token, NOW)).toMatchObject({ userId: created.userId });
    await a!.revokeToken(created.id, NOW);
    expect(await a!.tokenUser(created.token, NOW)).toBeUndefined();
    monotonic += TOKEN_CACHE_MS;
    expect(await b!.tokenUser(created.token, NOW)).toBeUndefined();
    expect(TOKEN_CACHE_MS).toBeLessThan(5000);
  });
});
