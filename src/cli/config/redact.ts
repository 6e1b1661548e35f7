import type { Profile } from './keys.js';

const SHORT = 12;

/**
 * A token safe to print: the first 4 and last 2 characters, enough to tell two tokens apart
 * without giving either away. Shorter tokens show nothing of themselves.
 */
export function redactToken(token: string): string {
  if (token.length < SHORT) return '****';
  return `${token.slice(0, 4)}…${token.slice(-2)}`;
}

/** A profile with its token redacted, for `config list` and debug traces. */
export function redactProfile(profile: Profile): Profile {
  return profile.token === undefined ? { ...profile } : { ...profile, token: redactToken(profile.token) };
}
