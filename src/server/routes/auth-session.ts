/**
 * `GET /api/auth/session`: who the bearer token acts as. A client shows who is signed in from the
 * server's own word, not only from what it kept at log-in (the token may have been made with
 * `local token create`, or its user renamed since).
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_PATH, SessionResponse } from '../../contract/auth.js';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  app.get(SESSION_PATH, { schema: { response: { 200: SessionResponse } } }, async (request) => {
    const { name, userId, companyId, role } = request.principal;
    return { name, userId, companyId, role };
  });
}
