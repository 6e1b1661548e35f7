/**
 * ajv's type coercion turns the text "Infinity", "-Infinity" or "1e400" into a number that passes
 * `integer` and skips `minimum`/`maximum` (it checks ranges of finite numbers only), so
 * `month=-Infinity` or `start=1e400` would reach the services. After validation, a number that
 * is not finite anywhere in the query or the body is refused as invalid input.
 */
import type { FastifyInstance } from 'fastify';
import { KnownError } from '../contract/error-kinds.js';

/** Deep enough for a sale (body > itemIssuesDto > line > field); deeper fields are not ours to check. */
const MAX_DEPTH = 4;

/**
 * The path of the first number that is not finite, if any. Runs on every request, so it walks
 * without allocating and spells the path only for the number it finds.
 */
function nonFinite(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'number' ? !Number.isFinite(item) : typeof item === 'object') {
        const found = nonFinite(item, `${path}[${i}]`, depth + 1);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item: unknown = (value as Record<string, unknown>)[key];
    if (typeof item === 'number' ? !Number.isFinite(item) : typeof item === 'object') {
      const found = nonFinite(item, path ? `${path}.${key}` : key, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function installFiniteNumberCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const field = nonFinite(request.query, '', 0) ?? nonFinite(request.body, '', 0);
    if (field === undefined) return;
    throw new KnownError(request.routeOptions.config?.refusedInputKind ?? 'badRequest', `${field} must be a finite number`);
  });
}
