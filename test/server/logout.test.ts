import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// Signing out and asking who a token is, on both backends over real HTTP.
describe.each(BACKENDS)('on %s', (backend) => {
  const QUERY = { companyId: 1, landlordId: 1, paidPosted: 'ALL' };
  const STATEMENTS = '/api/propertystmt/statements';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
    await server.shop.createLocalUser({ companyId: 1, role: 'cashier', name: 'Amina Otieno', username: 'amina', password: 'till password' });
  });
  afterAll(() => server.close());

  const logIn = async () => (await server.request('POST', '/api/auth/login', { body: { username: 'amina', password: 'till password' } })).body;

  it('a log-in names the role; the session says who the token is', async () => {
    const login = await logIn();
    expect(login).toMatchObject({ name: 'Amina Otieno', companyId: 1, role: 'cashier' });
    const session = await server.request('GET', '/api/auth/session', { token: login.token });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ name: 'Amina Otieno', userId: login.userId, companyId: 1, role: 'cashier' });
    expect((await server.request('GET', '/api/auth/session')).status).toBe(401);
  });

  it('logout revokes the token it is sent with, and only that one', async () => {
    const first = await logIn();
    const second = await logIn();
    const out = await server.request('POST', '/api/auth/logout', { token: first.token });
    expect(out).toMatchObject({ status: 200, body: { revoked: true } });
    const again = await server.request('GET', '/api/auth/session', { token: first.token });
    expect(again.status).toBe(401);
    expect((await server.request('POST', '/api/auth/logout', { token: first.token })).status).toBe(401);
    expect((await server.request('GET', STATEMENTS, { token: second.token, query: QUERY })).status).toBe(403);
    expect((await server.request('GET', '/api/auth/session', { token: second.token })).status).toBe(200);
  });

  it('a token made by an admin can end itself too', async () => {
    const token = server.tokenFor(1, 'accountant');
    expect((await server.request('GET', STATEMENTS, { token, query: QUERY })).status).toBe(200);
    expect((await server.request('POST', '/api/auth/logout', { token })).body).toEqual({ revoked: true });
    expect((await server.request('GET', STATEMENTS, { token, query: QUERY })).status).toBe(401);
  });

  it('the OpenAPI document describes both', async () => {
    const paths = (await server.request('GET', '/api/openapi.json')).body.paths;
    expect(paths['/api/auth/logout'].post.operationId).toBe('logout');
    expect(paths['/api/auth/session'].get.operationId).toBe('session');
  });
});
