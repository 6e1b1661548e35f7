/**
 * The presigned URL of a statement document, so a script can download it without a bearer token.
 *
 * The signature is HMAC-SHA256 over "statementId.companyId.expires" with the store's signing
 * key; it is checked in constant time, and an expired link is refused even when signed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { STATEMENT_DOCUMENT_PATH } from '../contract/statement.js';

/** How long a document link stays valid by default. */
export const DOCUMENT_LINK_TTL_MS = 15 * 60 * 1000;

export interface DocumentLinkParameters {
  statementId: number;
  companyId: number;
  /** Epoch ms after which the link is refused. */
  expires: number;
}

export function signDocumentLink(key: Buffer, p: DocumentLinkParameters): string {
  return createHmac('sha256', key).update(`${p.statementId}.${p.companyId}.${p.expires}`).digest('hex');
}

/** The full URL: origin + STATEMENT_DOCUMENT_PATH + ?statementId&companyId&expires&signature. */
export function statementDocumentUrl(
  origin: string,
  key: Buffer,
  link: { statementId: number; companyId: number },
  now: number,
  ttlMs = DOCUMENT_LINK_TTL_MS,
): string {
  const parameters = { ...link, expires: now + ttlMs };
  const url = new URL(STATEMENT_DOCUMENT_PATH, origin);
  url.searchParams.set('statementId', String(parameters.statementId));
  url.searchParams.set('companyId', String(parameters.companyId));
  url.searchParams.set('expires', String(parameters.expires));
  url.searchParams.set('signature', signDocumentLink(key, parameters));
  return url.toString();
}

export type LinkCheck = 'valid' | 'bad-signature' | 'expired';

export function checkDocumentLink(key: Buffer, p: DocumentLinkParameters & { signature: string }, now: number): LinkCheck {
  const expected = Buffer.from(signDocumentLink(key, p), 'hex');
  const given = Buffer.from(p.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  // Checked after the signature so an attacker learns nothing from the order of refusals.
  return now > p.expires ? 'expired' : 'valid';
}
