import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();
const path = '/api/itemcatalogspecs/list_for_receipt';

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('bearer tokens on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
  });
  afterAll(async () => server.close());

  it('refuses a request without a token with 401 and the error body', async () => {
    const response = await server.request('GET', path, { query: { companyId: 1 } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: 'false', code: 'UNAUTHORIZED' });
    expect(response.body.message).toMatch(/bearer token/);
  });

  it('refuses an unknown token and a revoked one with 401', async () => {
    expect((await server.request('GET', path, { token: 'sp_nonsense', query: { companyId: 1 } })).status).toBe(401);
    const created = await server.shop.createToken({ companyId: 1, role: 'accountant', name: 'revoked before use' });
    await server.shop.revokeToken(created.id);
    const response = await server.request('GET', path, { token: created.token, query: { companyId: 1 } });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/revoked/);
  });

  it('refuses a token revoked through the store after it was used (its cached user dropped)', async () => {
    const query = { companyId: 1 };
    const created = await server.shop.createToken({ companyId: 1, role: 'admin', name: 'revoked after use' });
    expect((await server.request('GET', path, { token: created.token, query })).status).toBe(200);
    expect((await server.request('GET', path, { token: created.token, query })).status).toBe(200);
    await server.shop.revokeToken(created.id);
    expect((await server.request('GET', path, { token: created.token, query })).status).toBe(401);
  });

  it('stores only the hash of a token', async () => {
    const { token } = await server.shop.createToken({ companyId: 1, role: 'admin', name: 'hashed' });
    const rows = await server.rows<{ token_hash: string }>('select token_hash from api_tokens');
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers an unknown path with a JSON 404', async () => {
    const response = await server.request('GET', '/api/nothing', { token: server.tokenFor(1) });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: 'false', code: 'NOT_FOUND' });
  });
});

// Another connection to the same file writing behind the server's back: SQLite's own case (its
// token cache follows PRAGMA data_version). PostgreSQL's instances are held to their cache's
// bound in test/store/access-store-backends.test.ts.
describe('bearer tokens on SQLite only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('refuses a token revoked after it was used by another connection to the file', async () => {
    const query = { companyId: 1 };
    const otherProcess = server.tokenFor(1);
    const other = new Sqlite(server.dbFile);
    try {
      expect((await server.request('GET', path, { token: otherProcess, query })).status).toBe(200);
      other.prepare('update api_tokens set revoked_at = 1 where id = ?').run((await server.shop.listTokens(1)).at(-1)!.id);
      expect((await server.request('GET', path, { token: otherProcess, query })).status).toBe(401);
    } finally {
      other.close();
    }
  });
});
