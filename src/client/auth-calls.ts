/**
 * Signing in and out, and asking who a token is: the calls of contract/auth.ts over the client's
 * transport. Kept out of ShopClient's endpoint table because they are not the interface's
 * operations: `doctor` and the OpenAPI checks of the interface leave them alone.
 */
import type { TSchema } from '@sinclair/typebox';
import { LOGIN_PATH, LOGOUT_PATH, LoginResponse, LogoutResponse, SESSION_PATH, SessionResponse, type LoginBody } from '../contract/auth.js';
import type { RawRequest, ShopClient } from './client.js';
import { parseJsonReply, validateResponse, type Loose } from './validate.js';

export function logIn(client: ShopClient, body: LoginBody): Promise<Loose<LoginResponse>> {
  return checked(client, { method: 'POST', path: LOGIN_PATH, body }, LoginResponse, 'log-in');
}

export function logOut(client: ShopClient): Promise<Loose<LogoutResponse>> {
  return checked(client, { method: 'POST', path: LOGOUT_PATH, body: {} }, LogoutResponse, 'log-out');
}

export function session(client: ShopClient): Promise<Loose<SessionResponse>> {
  return checked(client, { method: 'GET', path: SESSION_PATH }, SessionResponse, 'who the token is');
}

async function checked<S extends TSchema>(client: ShopClient, request: RawRequest, schema: S, operation: string) {
  const response = await client.raw(request);
  const context = { method: request.method, path: request.path, status: response.status, operation };
  const type = response.headers['content-type'];
  const json = parseJsonReply(response.body, Array.isArray(type) ? type[0] : type, context);
  return validateResponse(schema, json, context);
}
