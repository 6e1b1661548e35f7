/**
 * The users of bearer tokens seen lately, so that a request does not hash its token and query
 * the store every time. An entry is trusted as the engine's KeptDataRule says: until another
 * connection commits (SQLite), or for a bounded time (PostgreSQL, whose instances send no
 * signal). Tokens this process creates or revokes empty the cache at once.
 */
import type { TokenUser } from '../access-store.js';
import type { KeptDataRule } from '../unit-of-work/transaction.js';

/** Enough for every till and accountant of a chain; past it the cache starts over. */
const MAX_ENTRIES = 5000;

/** A token's user and when the token stops working (null: never; tokens made by hand). */
export interface TokenHolder {
  user: TokenUser;
  expiresAt: number | null;
}

interface Held extends TokenHolder {
  /** When it was read, by the process's monotonic clock (ms). */
  readAt: number;
}

export interface TokenUserCache {
  /** The user of the token, read again when the entry may be stale; undefined for an unknown, revoked or expired one. */
  userOf(token: string, now: number, lookUp: () => Promise<TokenHolder | undefined>): Promise<TokenUser | undefined>;
  /** Forgets every entry: a token was created or revoked here. */
  clear(): void;
}

export function tokenUserCache(rule: KeptDataRule, clock: () => number = () => performance.now()): TokenUserCache {
  const held = new Map<string, Held>();
  let seenStamp: number | undefined;
  return {
    async userOf(token, now, lookUp) {
      const stamp = rule.changeStamp();
      if (stamp !== seenStamp) {
        held.clear();
        seenStamp = stamp;
      }
      let entry = held.get(token);
      if (entry === undefined || clock() - entry.readAt >= rule.maxAgeMs) {
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
