/**
 * The users of bearer tokens seen lately on PostgreSQL, so that a request does not query the
 * database every time. Another instance may revoke a token at any moment and no signal crosses
 * instances, so an entry is trusted for TOKEN_CACHE_MS only: a token revoked anywhere is refused
 * by every instance within that bound (the issue's: 5 s). Tokens this process creates or revokes
 * empty the cache at once.
 */
import type { TokenUser } from '../access-store.js';

/** How long a token's user is trusted without asking the database again. */
export const TOKEN_CACHE_MS = 2000;
/** Enough for every till and accountant of a chain; past it the cache starts over. */
const MAX_ENTRIES = 5000;

interface Held {
  user: TokenUser;
  /** When the token stops working (ms); null: never. */
  expiresAt: number | null;
  /** When it was read, by the process's monotonic clock (ms). */
  readAt: number;
}

export interface TokenUserCache {
  /** The user of the token, read again when the entry is older than the bound. */
  userOf(token: string, now: number, lookUp: () => Promise<{ user: TokenUser; expiresAt: number | null } | undefined>): Promise<TokenUser | undefined>;
  /** Forgets every entry: a token was created or revoked here. */
  clear(): void;
}

export function tokenUserCache(clock: () => number = () => performance.now()): TokenUserCache {
  const held = new Map<string, Held>();
  return {
    async userOf(token, now, lookUp) {
      let entry = held.get(token);
      if (entry === undefined || clock() - entry.readAt >= TOKEN_CACHE_MS) {
        held.delete(token);
        const found = await lookUp();
        if (found === undefined) return undefined;
        if (held.size >= MAX_ENTRIES) held.clear();
        // Only valid tokens are kept: a stream of made-up tokens cannot push them out.
        entry = { ...found, readAt: clock() };
        held.set(token, entry);
      }
      // Checked on every request, cached or not: a login token stops working when it expires.
      return entry.expiresAt !== null && entry.expiresAt <= now ? undefined : entry.user;
    },
    clear: () => held.clear(),
  };
}
