/**
 * Which failures of a save are the sale's own fault. Only a refusal of the sale itself on its
 * merits drops it: the service answered 400, 405, 409, 413 or 422 (or 2xx with
 * `success: "false"`), or the client found the sale invalid before sending it. Everything else
 * (no connection, a reset, a timeout, 5xx including 503 and 507, 429, 401/403, 404 from a wrong
 * base URL, an unreadable reply) says nothing about the sale, so it is kept in the outbox under
 * its Idempotency-Key: a later send of a sale the service did record is answered with the first
 * result, never recorded twice.
 */
import { ApiError, oneLine, UsageError } from '../../client/errors.js';

/** Statuses that refuse the request's content: sending the same sale again would fail alike. */
const MERITS_STATUSES = new Set([400, 405, 409, 413, 422]);

export function isRefusalOfTheSale(error: unknown): boolean {
  if (error instanceof UsageError) return true;
  if (!(error instanceof ApiError)) return false;
  if (error.status === undefined) return false;
  if (error.status >= 200 && error.status < 300) return error.kind === 'invalidInput' || error.kind === 'badRequest' || error.kind === 'conflict';
  return MERITS_STATUSES.has(error.status);
}

/** A failure after which the sale is kept for `sale sync`: anything but a refusal of the sale. */
export function isKeepable(error: unknown): boolean {
  return !isRefusalOfTheSale(error);
}

/** The service's own words for a refusal (its message), else the error's. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return oneLine(error.serverMessage);
  return error instanceof Error ? error.message : String(error);
}

/** A refusal's message as reasons, one a line: "invalid cash sale: a; b" gives a and b. */
export function refusalReasons(message: string): string[] {
  const reasons = message
    .replace(/^invalid cash sale:\s*/i, '')
    .split(/;\s+/)
    .filter(Boolean);
  return reasons.length > 0 ? reasons : [message];
}
