import { redactedUrl } from '../../store/store-location.js';
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

/** A profile with its token and its database URL's password redacted, for `config list` and debug traces. */
export function redactProfile(profile: Profile): Profile {
  const shown = { ...profile };
  if (shown.token !== undefined) shown.token = redactToken(shown.token);
  if (typeof shown.database === 'string') shown.database = redactedUrl(shown.database);
  return shown;
}

/** One setting's value as it may be printed: a token redacted, a database URL without its password. */
export function redactSetting(key: string, value: unknown): unknown {
  if (value === undefined) return value;
  if (key === 'token') return redactToken(String(value));
  if (key === 'database') return redactedUrl(String(value));
  return value;
}
