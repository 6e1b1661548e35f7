import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeToken, listTokens } from '../../src/store/sqlite/token-service.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';

describe('bearer tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const path = '/api/itemcatalogspecs/list_for_receipt';

  it('refuses a request without a token with 401 and the error body', async () => {
    const response = await server.request('GET', path, { query: { companyId: 1 } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: 'false', code: 'UNAUTHORIZED' });
    expect(response.body.message).toMatch(/bearer token/);
  });

  it('refuses an unknown token and a revoked one with 401', async () => {
    expect((await server.request('GET', path, { token: 'sp_nonsense', query: { companyId: 1 } })).status).toBe(401);
    const token = server.tokenFor(1, 'accountant');
    const id = listTokens(server.store, 1).at(-1)!.id;
    revokeToken(server.store, id);
    const response = await server.request('GET', path, { token, query: { companyId: 1 } });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/revoked/);
  });

  it('refuses a token revoked after it was used, by this process or by another connection to the file', async () => {
    const query = { companyId: 1 };
    const sameProcess = server.tokenFor(1);
    expect((await server.request('GET', path, { token: sameProcess, query })).status).toBe(200);
    expect((await server.request('GET', path, { token: sameProcess, query })).status).toBe(200);
    revokeToken(server.store, listTokens(server.store, 1).at(-1)!.id);
    expect((await server.request('GET', path, { token: sameProcess, query })).status).toBe(401);

    const otherProcess = server.tokenFor(1);
    const other = new Sqlite(server.dbFile);
    try {
      expect((await server.request('GET', path, { token: otherProcess, query })).status).toBe(200);
      other.prepare('update api_tokens set revoked_at = 1 where id = ?').run(listTokens(server.store, 1).at(-1)!.id);
      expect((await server.request('GET', path, { token: otherProcess, query })).status).toBe(401);
    } finally {
      other.close();
    }
  });

  it('stores only the hash of a token', () => {
    const token = server.tokenFor(1);
    const rows = server.store.sqlite.prepare('select token_hash from api_tokens').all() as { token_hash: string }[];
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers an unknown path with a JSON 404', async () => {
    const response = await server.request('GET', '/api/nothing', { token: server.tokenFor(1) });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: 'false', code: 'NOT_FOUND' });
  });
});
