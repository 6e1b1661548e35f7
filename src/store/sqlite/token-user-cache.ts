/**
 * The users of tokens seen lately, so that a request does not hash its token and query the
 * store every time. The cache is emptied whenever a token may have changed: when another
 * connection committed to the file (`PRAGMA data_version` moves: `shopprop local token revoke`
 * runs in another process), and when this process created or revoked one (tokenWrites). Both
 * signals are SQLite's own: a server database needs another bound (see shop-store.ts).
 */
import { hashToken } from '../../services/token-hash.js';
import type { TokenUser } from '../access-store.js';
import { unrevokedTokenByHash } from './api-token.repository.js';
import { dataVersion } from './data-version.js';
import type { Store } from './open-db.js';
import { tokenWrites } from './token-service.js';

/** Enough for every till and accountant of a shop; past it the cache starts over. */
const MAX_ENTRIES = 1000;

/** A token's user and when the token stops working (null: never; tokens made by hand). */
interface TokenHolder {
  user: TokenUser;
  expiresAt: number | null;
}

/** The user of a bearer token, or undefined for an unknown, revoked or expired one. */
export type TokenUserLookup = (token: string, now: number) => TokenUser | undefined;

export function tokenUserCache(store: Store): TokenUserLookup {
  const known = new Map<string, TokenHolder>();
  let seenVersion = -1;
  let seenWrites = -1;
  const lookUp = (token: string): TokenHolder | undefined => {
    const row = unrevokedTokenByHash(store, hashToken(token));
    return row && { user: { userId: row.user_id, companyId: row.company_id, role: row.role, name: row.name }, expiresAt: row.expires_at };
  };
  return (token, now) => {
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
    return holder.user;
  };
}
