/**
 * Failed logins, counted per login name and per client address over a sliding window: past the
 * allowance further attempts are refused (429, Retry-After) without checking the password, so a
 * password cannot be guessed at speed. A success clears the name's count. Kept in memory: a
 * restart forgets, which costs a guesser a restart of the server per window.
 */
export interface LoginLimits {
  windowMs: number;
  perUsername: number;
  perAddress: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60 * 1000, perUsername: 5, perAddress: 20 };

/** Past this many names and addresses the oldest are forgotten, so a flood cannot exhaust memory. */
const MAX_KEYS = 10_000;

export interface LoginLimiter {
  /** Seconds to wait before another attempt, or 0 when one may be made now. */
  waitSeconds(username: string, address: string, now?: number): number;
  failed(username: string, address: string, now?: number): void;
  succeeded(username: string): void;
}

export function loginLimiter(limits: LoginLimits = DEFAULT_LOGIN_LIMITS): LoginLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((at) => at > now - limits.windowMs);
  const wait = (key: string, allowed: number, now: number) => {
    const times = recent(key, now);
    if (times.length < allowed) return 0;
    // The attempt that frees a slot is when the oldest counted failure leaves the window.
    return Math.max(1, Math.ceil((times[times.length - allowed]! + limits.windowMs - now) / 1000));
  };
  const record = (key: string, now: number) => {
    const times = recent(key, now);
    times.push(now);
    failures.delete(key);
    failures.set(key, times);
    if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value!);
  };
  return {
    waitSeconds(username, address, now = Date.now()) {
      return Math.max(wait(`u:${username}`, limits.perUsername, now), wait(`a:${address}`, limits.perAddress, now));
    },
    failed(username, address, now = Date.now()) {
      record(`u:${username}`, now);
      record(`a:${address}`, now);
    },
    succeeded(username) {
      failures.delete(`u:${username}`);
    },
  };
}
