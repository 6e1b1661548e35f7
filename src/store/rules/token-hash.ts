import { createHash } from 'node:crypto';

/** Tokens are stored and looked up by their SHA-256, never in clear. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
