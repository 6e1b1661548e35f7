/**
 * `POST /api/auth/login` for the apps that log in with a name and password (contract/auth.ts).
 * The only route besides the presigned document that needs no token. Attempts are counted in the
 * store before the password is checked (store.admitLogin), per login name and per client
 * address, so every instance on one database counts together and a burst of guesses in flight
 * gets no more checks than the allowance. The client's address is the connection's, or behind a
 * proxy the operator names (`serve --trust-proxy`) the one it forwards. The password is never
 * logged or echoed.
 */
import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH, LoginBody, LoginResponse } from '../../contract/auth.js';
import { KnownError } from '../../contract/error-kinds.js';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../login-limiter.js';
import { normaliseUsername } from '../../store/rules/local-user-rules.js';

export async function loginRoutes(app: FastifyInstance, options: { limits?: LoginLimits }): Promise<void> {
  const { store } = app.context;
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
  app.post<{ Body: LoginBody }>(LOGIN_PATH, { schema: { body: LoginBody, response: { 200: LoginResponse } }, config: { public: true } }, async (request) => {
    const username = normaliseUsername(request.body.username);
    const admission = await store.admitLogin(username, request.ip, limits);
    if (!admission.allowed) {
      const wait = admission.waitSeconds;
      throw new KnownError('tooManyRequests', `too many failed logins: try again in ${wait} s`, { retryAfterSeconds: wait });
    }
    const result = await store.logIn(request.body.username, request.body.password);
    // One answer for an unknown name and a wrong password: the reply does not tell which names exist.
    if (!result) throw new KnownError('auth', 'wrong user name or password');
    await store.loginSucceeded(admission.reserved);
    return result;
  });
}
