import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TOKEN_LIFETIME_MS } from '../../src/store/rules/access-rules.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const STATEMENTS = '/api/propertystmt/statements';
  const query = { companyId: 1, landlordId: 1, paidPosted: 'ALL' };

  describe('login tokens of local users', () => {
    let server: TestServer;
    /** The server's clock: the real one unless a test sets it. */
    let now: number | undefined;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres, now: () => now ?? Date.now() });
      await server.shop.createLocalUser({ companyId: 1, role: 'accountant', name: 'Joseph Kamau', username: 'joseph', password: 'first password' });
    });
    afterAll(() => server.close());

    it('stop working when they expire, cached or not', async () => {
      const loggedIn = Date.UTC(2026, 10, 20, 8, 0);
      const result = (await server.shop.logIn('joseph', 'first password', loggedIn))!;
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
      const before = (await server.shop.logIn('joseph', 'first password'))!;
      expect((await server.request('GET', STATEMENTS, { token: before.token, query })).status).toBe(200);
      await server.shop.setLocalPassword('JOSEPH', 'second password');
      expect((await server.request('GET', STATEMENTS, { token: before.token, query })).status).toBe(401);
      expect(await server.shop.logIn('joseph', 'first password')).toBeUndefined();
      const after = (await server.shop.logIn('joseph', 'second password'))!;
      expect((await server.request('GET', STATEMENTS, { token: after.token, query })).status).toBe(200);
    });

    it('keep passwords only as salted scrypt hashes', async () => {
      await server.shop.createLocalUser({ companyId: 1, role: 'cashier', name: 'Till 2', username: 'till2', password: 'first password' });
      const hashes = (await server.rows<{ password_hash: string }>(`select password_hash from users where username in ('joseph', 'till2')`)).map(
        (row) => row.password_hash,
      );
      expect(hashes).toHaveLength(2);
      for (const hash of hashes) expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      // Same password, different salt: different hashes.
      expect(new Set(hashes).size).toBe(2);
    });

    it('refuse short passwords and taken login names', async () => {
      await expect(server.shop.createLocalUser({ companyId: 1, role: 'cashier', name: 'X', username: 'x', password: 'short' })).rejects.toThrow(/at least 8/);
      await expect(server.shop.createLocalUser({ companyId: 1, role: 'cashier', name: 'Y', username: 'Joseph', password: 'long enough' })).rejects.toThrow(
        /already a user "joseph"/,
      );
    });

    it('check at most five passwords of a burst of 40 concurrent wrong guesses for one name, and refuse the rest with 429', async () => {
      await server.shop.createLocalUser({ companyId: 1, role: 'cashier', name: 'Burst', username: 'burst', password: 'the right one' });
      const guesses = Array.from({ length: 40 }, (_, guess) =>
        server.request('POST', '/api/auth/login', { body: { username: 'burst', password: `guess ${guess}` } }),
      );
      const statuses = (await Promise.all(guesses)).map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      // The name stays held back, the right password included, until the window has passed.
      expect((await server.request('POST', '/api/auth/login', { body: { username: 'burst', password: 'the right one' } })).status).toBe(429);
    });
  });
});
