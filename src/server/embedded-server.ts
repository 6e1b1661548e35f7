/**
 * The embedded server: the bundled server opened in this process on a database file, acting as
 * the local admin. Loaded through embedded.ts (in the build, as one code-cached CommonJS file).
 * The reads commands make most are answered directly (direct-reads.ts); the fastify app is
 * built, and fastify loaded, only for a request they do not answer.
 */
import { createInProcessTransport } from '../client/inprocess-transport.js';
import type { Transport } from '../client/transport.js';
import { openShopStore } from '../store/open/open-shop-store.js';
import type { ShopStore } from '../store/shop-store.js';
import { directReader } from './direct-reads.js';
import { LOCAL_ADMIN } from './principal.js';

export async function openEmbeddedTransport(dbFile: string, options: { onUpgrade?: (pending: readonly string[]) => void } = {}): Promise<Transport> {
  // A command's connection lives seconds and the OS caches the file: SQLite's own default page
  // cache (2 MB) rather than 16 MB keeps a long export smaller (1M-sale CSV: 165 -> 148 MB peak),
  // at no cost measured to reports or pages.
  const store = await openShopStore(dbFile, { onUpgrade: options.onUpgrade, pageCacheKiB: 2000 });
  try {
    // As buildApp does first: a store upgraded from an earlier version derives its ledger
    // allocations again before anything is read (one small query when nothing is pending).
    await store.rederivePendingLedgers();
  } catch (error) {
    await store.close();
    throw error;
  }
  return embeddedTransportOn(store, () => store.close());
}

/** The in-process transport over an open store, acting as the local admin: direct reads first, the app for the rest. */
export function embeddedTransportOn(store: ShopStore, onClose?: () => Promise<void>): Transport & { readonly inProcess: true } {
  const buildApp = async () => (await import('./app.js')).buildApp({ store, embeddedPrincipal: LOCAL_ADMIN });
  return createInProcessTransport(buildApp, `embedded (${store.location})`, {
    direct: directReader({ principal: LOCAL_ADMIN, server: { context: { store } } }),
    onClose,
  });
}
