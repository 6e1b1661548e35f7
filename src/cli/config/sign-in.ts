/**
 * What `shopprop login` keeps beside the token in a profile: who signed in, where, and until
 * when. Kept under its own entry (`signedIn`), not as settings: no flag or environment variable
 * overrides it, and `config set` cannot make it disagree with the server. It names its token by
 * a fingerprint (never the token), so a token set another way is not taken for the signed-in one.
 */
import { createHash } from 'node:crypto';

export interface SignIn {
  /** The user's name as the server gave it. */
  name: string;
  /** The login name typed. */
  username: string;
  userId: number;
  companyId: number;
  /** Absent when the server does not say. */
  role?: string;
  /** When the token stops working (epoch ms). */
  expiresAt: number;
  /** The service signed in to. */
  baseUrl: string;
  /** tokenFingerprint() of the token the log-in gave. */
  token: string;
}

export const SIGN_IN_ENTRY = 'signedIn';

/** A token's SHA-256, shortened: enough to tell tokens apart, nothing to sign in with. */
export function tokenFingerprint(token: string): string {
  return `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
}

/** The stored record when it is whole, else undefined (a hand-edited or older file). */
export function parseSignIn(value: unknown): SignIn | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const texts = ['name', 'username', 'baseUrl', 'token'].every((key) => typeof record[key] === 'string');
  const numbers = ['userId', 'companyId', 'expiresAt'].every((key) => Number.isSafeInteger(record[key]));
  const role = record.role === undefined || typeof record.role === 'string';
  return texts && numbers && role ? (record as unknown as SignIn) : undefined;
}

/** The sign-in the token belongs to: the record when it was made for this very token. */
export function signInOfToken(record: SignIn | undefined, token: string | undefined): SignIn | undefined {
  return record !== undefined && token !== undefined && record.token === tokenFingerprint(token) ? record : undefined;
}
