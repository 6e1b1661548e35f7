/**
 * Retries of calls that are safe to repeat: GETs, and POSTs carrying an Idempotency-Key
 * (the server answers a repeat with the first outcome). A POST without a key is sent once:
 * repeating it could record a sale twice.
 */
import { IDEMPOTENCY_HEADER } from '../contract/index.js';
import { ApiError } from './errors.js';
import type { TransportRequest, TransportResponse } from './transport.js';

export interface RetryOptions {
  /** Attempts in all, the first included. 1 turns retries off. */
  attempts?: number;
  /** Delay before the second attempt; doubles each time, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the last answer stands. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1); jitter source. */
  random?: () => number;
  now?: () => number;
  /**
   * The whole call's time, every attempt and every wait included (`--timeout`): each attempt
   * is sent with a signal that ends it when the time is spent, and a retry whose wait would
   * reach that moment is not made (the last outcome stands).
   */
  deadlineMs?: number;
  /** Told before each wait. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  /** The attempt about to be made, 2 for the first retry. */
  attempt: number;
  attempts: number;
  delayMs: number;
  reason: string;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

export const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether repeating the request cannot do the work twice. */
export function isRepeatable(request: Pick<TransportRequest, 'method' | 'headers'>): boolean {
  if (request.method === 'GET') return true;
  return Object.entries(request.headers ?? {}).some(([name, value]) => name.toLowerCase() === IDEMPOTENCY_HEADER && value.trim() !== '');
}

/** Statuses that say "try again": overload and gateway failures. 500 is a real failure. */
export function isRetryableStatus(status: number): boolean {
  return RETRY_STATUSES.has(status);
}

function isRetryableError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

/** Exponential backoff with equal jitter: half the step fixed, half random. */
export function backoffDelay(retry: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'> = {}): number {
  const base = options.baseDelayMs ?? 200;
  const cap = options.maxDelayMs ?? 2_000;
  const step = Math.min(cap, base * 2 ** (retry - 1));
  return Math.round(step / 2 + (options.random ?? Math.random)() * (step / 2));
}

/** Retry-After as milliseconds (seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Sends the request, and again after a pause while it fails in a way worth retrying, within deadlineMs. */
export async function sendWithRetry(
  request: TransportRequest,
  send: (request: TransportRequest) => Promise<TransportResponse>,
  options: RetryOptions = {},
): Promise<TransportResponse> {
  const attempts = isRepeatable(request) ? Math.max(1, options.attempts ?? 3) : 1;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const now = options.now ?? Date.now;
  const { deadlineMs } = options;
  const endsAt = deadlineMs === undefined ? undefined : now() + deadlineMs;
  const sent = deadlineMs === undefined ? request : { ...request, signal: anySignal(request.signal, AbortSignal.timeout(deadlineMs)) };
  for (let attempt = 1; ; attempt++) {
    let delayMs: number;
    let reason: string;
    let giveUp: () => TransportResponse;
    try {
      const response = await send(sent);
      if (attempt >= attempts || !isRetryableStatus(response.status)) return response;
      const asked = retryAfterMs(response.headers['retry-after'], options.now?.());
      if (asked !== undefined && asked > maxRetryAfterMs) return response;
      delayMs = asked ?? backoffDelay(attempt, options);
      reason = `HTTP ${response.status}`;
      giveUp = () => response;
    } catch (error) {
      if (attempt >= attempts || !isRetryableError(error)) throw error;
      delayMs = backoffDelay(attempt, options);
      reason = error.serverMessage ?? error.kind;
      giveUp = () => {
        throw error;
      };
    }
    if (endsAt !== undefined && now() + delayMs >= endsAt) return giveUp();
    options.onRetry?.({ attempt: attempt + 1, attempts, delayMs, reason });
    await sleep(delayMs);
  }
}

function anySignal(given: AbortSignal | undefined, deadline: AbortSignal): AbortSignal {
  return given ? AbortSignal.any([given, deadline]) : deadline;
}
