/**
 * How long the server waits on a client, and how long it takes to stop. A peer that sends
 * nothing, stalls in its headers or body, or never reads its answer is let go: headers must
 * arrive within headersMs and a whole request within requestMs (else 408 and close), a socket
 * silent for idleMs is closed, and a kept-alive connection with no next request closes after
 * keepAliveMs. On shutdown the server stops accepting, lets requests in flight finish for up to
 * shutdownGraceMs, then closes every connection left, so it always stops in bounded time.
 */
import type { FastifyServerOptions } from 'fastify';

export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
  shutdownGraceMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  // A 512 KiB body on a slow line, and a save waiting its 5 s for the store's lock.
  requestMs: 30_000,
  // An export is written as it is read: silence this long means a peer that stopped reading.
  idleMs: 60_000,
  keepAliveMs: 5_000,
  shutdownGraceMs: 10_000,
};

/** The fastify options that apply the timeouts to its HTTP server. */
export function timeoutOptions(timeouts: ServerTimeouts): Partial<FastifyServerOptions> {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks the two timeouts above on this period (30 s by default): a stalled peer
      // would otherwise be held up to that much longer.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
    },
  } as Partial<FastifyServerOptions>;
}
