import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalUser, setLocalPassword } from '../../src/store/sqlite/local-users.js';
import { LOGIN_TOKEN_LIFETIME_MS } from '../../src/services/access-rules.js';
import { logIn } from '../../src/store/sqlite/login.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';

const STATEMENTS = '/api/propertystmt/statements';
const query = { companyId: 1, landlordId: 1, paidPosted: 'ALL' };

describe('login tokens of local users', () => {
  let server: TestServer;
  /** The server's clock: the real one unless a test sets it. */
  let now: number | undefined;
  beforeAll(async () => {
    server = await startTestServer({ now: () => now ?? Date.now() });
    await createLocalUser(server.store, { companyId: 1, role: 'accountant', name: 'Joseph Kamau', username: 'joseph', password: 'first password' });
  });
  afterAll(() => server.close());

  it('stop working when they expire, cached or not', async () => {
    const loggedIn = Date.UTC(2026, 10, 20, 8, 0);
    const result = (await logIn(server.store, 'joseph', 'first password', loggedIn))!;
    expect(result.expiresAt).toBe(loggedIn + LOGIN_TOKEN_LIFETIME_MS);
    try {
      now = result.expiresAt - 1;
      expect((await server.request('GET', STATEMENTS, { token: result.token, query })).status).toBe(200);
      // The same token again, now known to the server's cache, at the moment it expires.
      now = result.expiresAt;
      const expired = await server.request('GET', STATEMENTS, { token: result.token, query });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/expired/);
    } finally {
      now = undefined;
    }
  });

  it('stop working when the password changes, and only the new password logs in', async () => {
    const before = (await logIn(server.store, 'joseph', 'first password'))!;
    expect((await server.request('GET', STATEMENTS, { token: before.token, query })).status).toBe(200);
    await setLocalPassword(server.store, 'JOSEPH', 'second password');
    expect((await server.request('GET', STATEMENTS, { token: before.token, query })).status).toBe(401);
    expect(await logIn(server.store, 'joseph', 'first password')).toBeUndefined();
    const after = (await logIn(server.store, 'joseph', 'second password'))!;
    expect((await server.request('GET', STATEMENTS, { token: after.token, query })).status).toBe(200);
  });

  it('keep passwords only as salted scrypt hashes', async () => {
    await createLocalUser(server.store, { companyId: 1, role: 'cashier', name: 'Till 2', username: 'till2', password: 'first password' });
    const hashes = server.store.sqlite.prepare(`select password_hash from users where username in ('joseph', 'till2')`).pluck().all() as string[];
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    // Same password, different salt: different hashes.
    expect(new Set(hashes).size).toBe(2);
  });

  it('refuse short passwords and taken login names', async () => {
    await expect(createLocalUser(server.store, { companyId: 1, role: 'cashier', name: 'X', username: 'x', password: 'short' })).rejects.toThrow(/at least 8/);
    await expect(createLocalUser(server.store, { companyId: 1, role: 'cashier', name: 'Y', username: 'Joseph', password: 'long enough' })).rejects.toThrow(/already a user "joseph"/);
  });
});
