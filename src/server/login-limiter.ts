/**
 * Failed logins, counted per login name and per client address over a sliding window: past the
 * allowance further attempts are refused (429, Retry-After) without checking the password, so a
 * password cannot be guessed at speed. Kept in memory: a restart forgets, which costs a guesser
 * a restart of the server per window.
 *
 * An attempt is counted before its password is checked (it reserves a slot of its name and of
 * its address) and the reservation is given back only when the password was right. Counting
 * after the check would let a burst of concurrent guesses all pass the limit while the slow
 * password hashes run: at most the allowance is ever checked per window, however many arrive
 * at once.
 */
export interface LoginLimits {
  windowMs: number;
  perUsername: number;
  perAddress: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60 * 1000, perUsername: 5, perAddress: 20 };

/** Past this many names and addresses the oldest are forgotten, so a flood cannot exhaust memory. */
const MAX_KEYS = 10_000;

/** An attempt allowed to check its password: its slots are counted as failures until it succeeds. */
export interface LoginAttempt {
  /** The password was right: the name's failures are forgotten and the address's slot given back. */
  succeeded(): void;
}

export type LoginAdmission = { allowed: true; attempt: LoginAttempt } | { allowed: false; waitSeconds: number };

export interface LoginLimiter {
  /** Reserves a slot for one attempt, or says how many seconds to wait before the next. */
  admit(username: string, address: string, now?: number): LoginAdmission;
}

export function loginLimiter(limits: LoginLimits = DEFAULT_LOGIN_LIMITS): LoginLimiter {
  const counted = new Map<string, number[]>();
  const recent = (key: string, now: number) => (counted.get(key) ?? []).filter((at) => at > now - limits.windowMs);
  const wait = (key: string, allowed: number, now: number) => {
    const times = recent(key, now);
    if (times.length < allowed) return 0;
    // The attempt that frees a slot is when the oldest counted one leaves the window.
    return Math.max(1, Math.ceil((times[times.length - allowed]! + limits.windowMs - now) / 1000));
  };
  const record = (key: string, now: number) => {
    const times = recent(key, now);
    times.push(now);
    counted.delete(key);
    counted.set(key, times);
    if (counted.size > MAX_KEYS) counted.delete(counted.keys().next().value!);
  };
  const giveBack = (key: string, at: number) => {
    const times = counted.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (index >= 0) times!.splice(index, 1);
  };
  return {
    admit(username, address, now = Date.now()) {
      const waitSeconds = Math.max(wait(`u:${username}`, limits.perUsername, now), wait(`a:${address}`, limits.perAddress, now));
      if (waitSeconds > 0) return { allowed: false, waitSeconds };
      record(`u:${username}`, now);
      record(`a:${address}`, now);
      return {
        allowed: true,
        attempt: {
          succeeded() {
            counted.delete(`u:${username}`);
            giveBack(`a:${address}`, now);
          },
        },
      };
    },
  };
}
