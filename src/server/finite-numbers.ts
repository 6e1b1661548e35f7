/**
 * ajv's type coercion turns the text "Infinity", "-Infinity" or "1e400" into a number that passes
 * `integer` and skips `minimum`/`maximum` (it checks ranges of finite numbers only), so
 * `month=-Infinity` or `start=1e400` would reach the services. After validation, a number that
 * is not finite anywhere in the query or the body is refused as invalid input.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidInput } from './http-errors.js';

/** Deep enough for a sale (body > itemIssuesDto > line > field); deeper fields are not ours to check. */
const MAX_DEPTH = 4;

/** The path of the first number that is not finite, if any. */
function nonFinite(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`${path}[${i}]`, v]) : Object.entries(value).map(([k, v]) => [path ? `${path}.${k}` : k, v]);
  for (const [at, v] of entries) {
    const found = nonFinite(v, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function installFiniteNumberCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const field = nonFinite(request.query, '', 0) ?? nonFinite(request.body, '', 0);
    if (field === undefined) return;
    const message = `${field} must be a finite number`;
    throw request.routeOptions.config?.invalidInputStatus === 405 ? invalidInput(message) : badRequest(message);
  });
}
