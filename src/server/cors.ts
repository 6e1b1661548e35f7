/**
 * Cross-origin access for browser apps served from elsewhere (a landlord portal, a browser till):
 * only the origins on the allow-list may read answers, and their preflights (OPTIONS) are
 * answered before the token check, since a browser sends no token on a preflight. With an empty
 * list nothing is allowed and @fastify/cors is not even loaded.
 */
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../contract/cash-sale.js';
import { NEXT_AFTER_HEADER, PAGING_STYLE_HEADER } from '../contract/common.js';
import { parseCorsOrigin } from './cors-origin.js';

/** Request headers a browser app may send: a till's save carries its Idempotency-Key, so a retried save is recorded once. */
export const CORS_ALLOWED_HEADERS = ['authorization', 'content-type', IDEMPOTENCY_HEADER];

/**
 * Answer headers a browser app may read (browsers hide all but a few otherwise): Retry-After
 * after a 429 or 503, and the paging headers that say what `start` means and where a page ended.
 */
export const CORS_EXPOSED_HEADERS = ['retry-after', NEXT_AFTER_HEADER, PAGING_STYLE_HEADER];

export async function installCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map(parseCorsOrigin));
  const { default: cors } = await import('@fastify/cors');
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
}
