/**
 * `POST /api/auth/logout`: the caller ends its own token, so a signed-out till leaves nothing
 * usable behind (a copy of the config file, a shell history). Any live token may end itself;
 * no other token is touched, and no id is taken, so a caller can end only what it holds.
 */
import type { FastifyInstance } from 'fastify';
import { LOGOUT_PATH, LogoutResponse } from '../../contract/auth.js';
import { bearerToken } from '../auth.js';

export async function logoutRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;
  app.post(LOGOUT_PATH, { schema: { response: { 200: LogoutResponse } } }, async (request) => {
    // The embedded CLI acts without a token: there is nothing to revoke.
    const token = bearerToken(request.headers.authorization);
    const revoked = token === undefined ? false : await store.revokeTokenText(token, app.context.now());
    return { revoked };
  });
}
