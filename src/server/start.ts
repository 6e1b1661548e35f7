/**
 * `shopprop serve`: the local server on a port, with a request log (tokens redacted) and a
 * graceful shutdown: on SIGINT/SIGTERM in-flight requests finish and the database closes cleanly.
 */
import type { FastifyInstance } from 'fastify';
import type { IssueDateWindow } from '../domain/issue-date-window.js';
import { openShopStore } from '../store/open/open-shop-store.js';
import type { ShopStore } from '../store/shop-store.js';
import { buildApp } from './app.js';
import { requestLogger } from './request-log.js';
import { DEFAULT_TIMEOUTS, timeoutOptions, type ServerTimeouts } from './timeouts.js';

export interface ServeOptions {
  dbFile: string;
  host: string;
  port: number;
  /** Log each request (pino, JSON lines on stdout); off for tests. */
  log?: boolean;
  /** The log's level (info by default) and where it goes (stdout by default). */
  logLevel?: string;
  logStream?: NodeJS.WritableStream;
  /** Told before an existing store is upgraded to this version's schema (see openStore). */
  onUpgrade?: (pending: readonly string[]) => void;
  /** How long a save waits for the store's write lock before it answers 503 (milliseconds). */
  lockWaitMs?: number;
  /** The server's clock (epoch ms): reports' current month, links' and tokens' expiry, a save's wait for the lock. Date.now by default. */
  now?: () => number;
  /** The issue dates a save accepts (default: 2000-01-01 to a day ahead of the clock). */
  issueDateWindow?: IssueDateWindow;
  /** The origin statement links are built on, e.g. https://shop.example.com (else the request's Host). */
  publicUrl?: string;
  /** How long to wait on clients and on shutdown (defaults: DEFAULT_TIMEOUTS). */
  timeouts?: Partial<ServerTimeouts>;
  /** Origins of browser apps allowed to call the server (CORS). */
  corsOrigins?: readonly string[];
  /**
   * Addresses (or CIDR ranges) of the proxies whose X-Forwarded-For names the client: the
   * address log-in attempts are counted against. None by default: the connection's address.
   */
  trustProxy?: readonly string[];
}

export interface RunningServer {
  app: FastifyInstance;
  store: ShopStore;
  url: string;
  close(): Promise<void>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const store = await openShopStore(options.dbFile, { onUpgrade: options.onUpgrade });
  const app = await buildApp({
    serverOptions: { ...timeoutOptions(timeouts), ...(options.trustProxy?.length ? { trustProxy: [...options.trustProxy] } : {}) },
    store,
    lockWaitMs: options.lockWaitMs,
    now: options.now,
    issueDateWindow: options.issueDateWindow,
    publicUrl: options.publicUrl,
    corsOrigins: options.corsOrigins,
    logger: options.log ? requestLogger({ level: options.logLevel, stream: options.logStream }) : false,
  });
  // From here no statement waits for a lock: a wait would stop the event loop, reads
  // included. A save that finds the write lock taken tries again on a timer (sale-group-commit).
  store.beginServing();
  let url: string;
  try {
    url = await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await app.close();
    await store.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Stops accepting and waits for requests in flight; past the grace, whatever clients
      // still hold open is closed.
      const closed = app.close();
      const grace = setTimeout(() => app.server.closeAllConnections(), timeouts.shutdownGraceMs);
      try {
        await closed;
      } finally {
        clearTimeout(grace);
      }
      await store.close();
    })());
  return { app, store, url, close };
}

/** Closes the server on the first SIGINT or SIGTERM; a second signal exits at once. */
export function closeOnSignals(server: RunningServer, onClosed: () => void): void {
  let signalled = false;
  const handler = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(130);
    signalled = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(onClosed, (error: unknown) => {
      console.error(`shopprop: shutdown failed: ${(error as Error).message}`);
      process.exit(1);
    });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
