/**
 * Cross-origin access for browser apps served from elsewhere (a landlord portal): only the
 * origins on the allow-list may read answers, and their preflights (OPTIONS) are answered
 * before the token check, since a browser sends no token on a preflight. With an empty list
 * nothing is allowed and @fastify/cors is not even loaded.
 */
import type { FastifyInstance } from 'fastify';
import { parseCorsOrigin } from './cors-origin.js';

export async function installCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map(parseCorsOrigin));
  const { default: cors } = await import('@fastify/cors');
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    // Retry-After tells a browser app when to try again after a 429 or 503.
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
}
