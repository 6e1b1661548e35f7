/**
 * The Idempotency-Key of a save: a key is kept with the sale and the hash of its request, so
 * the same request sent again is answered with the first result, and the same key with another
 * request is refused.
 */
import { createHash } from 'node:crypto';
import type { StoredSaleKey } from '../tables/sale-to-write.js';
import { ServiceError } from './service-error.js';

const MAX_KEY_LENGTH = 200;
const MAX_BODY_DEPTH = 32;

/**
 * Unknown fields are not validated, so a client can nest them arbitrarily deep: refuse that as
 * input rather than overflow the stack walking them (a sale itself is 3 levels deep).
 */
function assertShallow(value: unknown, depth = 0): void {
  if (depth > MAX_BODY_DEPTH) throw new ServiceError('invalidInput', `the request body is nested more than ${MAX_BODY_DEPTH} levels deep`);
  if (value && typeof value === 'object') for (const item of Object.values(value)) assertShallow(item, depth + 1);
}

/** A stable hash of the request body: key order does not matter, values do. */
export function requestHash(body: unknown): string {
  assertShallow(body);
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** The key of a save (trimmed; none when blank) and its request's hash; refuses a key too long or a body nested too deep. */
export function idempotencyOf(body: unknown, idempotencyKey: string | undefined): { key: string | undefined; hash: string } {
  const key = idempotencyKey?.trim() || undefined;
  if (key !== undefined && key.length > MAX_KEY_LENGTH) {
    throw new ServiceError('invalidInput', `Idempotency-Key is longer than ${MAX_KEY_LENGTH} characters`);
  }
  // Only a keyed save is compared with an earlier request: the hash costs as much as checking
  // the sale. Either way a body nested too deep is refused.
  if (key !== undefined) return { key, hash: requestHash(body) };
  assertShallow(body);
  return { key, hash: '' };
}

/** The earlier save of the same request under this key (`earlier`: the company's sale of the key, if any); another request under it is refused. */
export function earlierSave(earlier: StoredSaleKey | undefined, key: string, hash: string): { id: number; receiptNo: string } | undefined {
  if (!earlier) return undefined;
  if (earlier.request_hash !== hash) {
    throw new ServiceError(
      'invalidInput',
      `Idempotency-Key ${key} was already used for a different request (sale ${earlier.id}, ${earlier.receipt_no}); send a new key for a new sale`,
    );
  }
  return { id: earlier.id, receiptNo: earlier.receipt_no };
}
