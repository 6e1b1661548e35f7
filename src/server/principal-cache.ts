/**
 * The principals of tokens seen lately, so that a request does not hash its token and query the
 * store every time. The cache is emptied whenever a token may have changed: when another
 * connection committed to the file (`PRAGMA data_version` moves: `shopprop local token revoke`
 * runs in another process), and when this process created or revoked one (tokenWrites).
 */
import { tokenWrites } from '../services/token-service.js';
import type { Store } from '../store/open-db.js';
import type { Principal } from './principal.js';

/** Enough for every till and accountant of a shop; past it the cache starts over. */
const MAX_ENTRIES = 1000;

export interface PrincipalCache {
  /** The principal of a bearer token, or undefined for an unknown or revoked one. */
  principalOf(token: string): Principal | undefined;
}

export function principalCache(store: Store, lookUp: (token: string) => Principal | undefined): PrincipalCache {
  const dataVersion = store.sqlite.prepare<[], number>('pragma data_version').pluck();
  const known = new Map<string, Principal>();
  let seenVersion = -1;
  let seenWrites = -1;
  return {
    principalOf(token) {
      const version = dataVersion.get()!;
      const writes = tokenWrites(store);
      if (version !== seenVersion || writes !== seenWrites || known.size >= MAX_ENTRIES) {
        known.clear();
        seenVersion = version;
        seenWrites = writes;
      }
      let principal = known.get(token);
      if (principal === undefined) {
        principal = lookUp(token);
        // Only valid tokens are kept: a stream of made-up tokens cannot push them out.
        if (principal !== undefined) known.set(token, principal);
      }
      return principal;
    },
  };
}
