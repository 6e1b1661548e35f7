/**
 * The principals of tokens seen lately, so that a request does not hash its token and query the
 * store every time. The cache is emptied whenever a token may have changed: when another
 * connection committed to the file (`PRAGMA data_version` moves: `shopprop local token revoke`
 * runs in another process), and when this process created or revoked one (tokenWrites).
 */
import { tokenWrites } from '../services/token-service.js';
import { dataVersion } from '../store/data-version.js';
import type { Store } from '../store/open-db.js';
import type { Principal } from './principal.js';

/** Enough for every till and accountant of a shop; past it the cache starts over. */
const MAX_ENTRIES = 1000;

export interface PrincipalCache {
  /** The principal of a bearer token, or undefined for an unknown, revoked or expired one. */
  principalOf(token: string, now?: number): Principal | undefined;
}

/** A token's principal and when the token stops working (null: never; tokens made by hand). */
export interface TokenHolder {
  principal: Principal;
  expiresAt: number | null;
}

export function principalCache(store: Store, lookUp: (token: string) => TokenHolder | undefined): PrincipalCache {
  const known = new Map<string, TokenHolder>();
  let seenVersion = -1;
  let seenWrites = -1;
  return {
    principalOf(token, now = Date.now()) {
      const version = dataVersion(store);
      const writes = tokenWrites(store);
      if (version !== seenVersion || writes !== seenWrites || known.size >= MAX_ENTRIES) {
        known.clear();
        seenVersion = version;
        seenWrites = writes;
      }
      let holder = known.get(token);
      if (holder === undefined) {
        holder = lookUp(token);
        // Only valid tokens are kept: a stream of made-up tokens cannot push them out.
        if (holder !== undefined) known.set(token, holder);
      }
      // Checked on every request, cached or not: a login token stops working when it expires.
      if (holder === undefined || (holder.expiresAt !== null && holder.expiresAt <= now)) return undefined;
      return holder.principal;
    },
  };
}
