/**
 * The embedded server: the bundled server opened in this process on a database file, acting as
 * the local admin. Loaded through embedded.ts (in the build, as one code-cached CommonJS file).
 */
import { createInProcessTransport } from '../client/inprocess-transport.js';
import type { Transport } from '../client/transport.js';
import { openShopStore } from '../store/open/open-shop-store.js';
import { buildApp } from './app.js';
import { LOCAL_ADMIN } from './principal.js';

export async function openEmbeddedTransport(dbFile: string, options: { onUpgrade?: (pending: readonly string[]) => void } = {}): Promise<Transport> {
  // A command's connection lives seconds and the OS caches the file: SQLite's own default page
  // cache (2 MB) rather than 16 MB keeps a long export smaller (1M-sale CSV: 165 -> 148 MB peak),
  // at no cost measured to reports or pages.
  const store = await openShopStore(dbFile, { onUpgrade: options.onUpgrade, pageCacheKiB: 2000 });
  try {
    const app = await buildApp({ store, embeddedPrincipal: LOCAL_ADMIN });
    return createInProcessTransport(app, `embedded (${store.location})`, () => store.close());
  } catch (error) {
    await store.close();
    throw error;
  }
}
