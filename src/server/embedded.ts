/**
 * Embedded mode: the bundled server opened in this process on a database file, acting as the
 * local admin. The CLI imports this lazily, only when no base URL is configured.
 *
 * Compiling fastify, the routes and the services is most of an embedded start, so the build
 * makes the server one CommonJS file (scripts/build.mjs) that loads with a V8 code cache
 * (code-cache.ts). From source (tests) the server module is imported as it is.
 */
import { fileURLToPath } from 'node:url';
import type { Transport } from '../client/transport.js';
import { loadWithCodeCache } from './code-cache.js';

/** The server's CommonJS file, relative to the build's chunks; defined by scripts/build.mjs. */
declare const __EMBEDDED_SERVER_FILE__: string | undefined;

type EmbeddedServer = typeof import('./embedded-server.js');

async function loadServer(): Promise<EmbeddedServer> {
  if (typeof __EMBEDDED_SERVER_FILE__ === 'string') {
    return loadWithCodeCache(fileURLToPath(new URL(__EMBEDDED_SERVER_FILE__, import.meta.url))).exports as EmbeddedServer;
  }
  return import('./embedded-server.js');
}

export async function openEmbeddedTransport(dbFile: string, options: { onUpgrade?: (pending: readonly string[]) => void } = {}): Promise<Transport> {
  const server = await loadServer();
  return server.openEmbeddedTransport(dbFile, options);
}
