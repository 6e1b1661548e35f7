/**
 * The origin of the links the server builds (a statement document's presigned URL). A link is
 * never built from a Host header that is not a host: `a b`, `[::1`, `x:y:z` or `<script>` is
 * refused with 400 on any request. A server with a public URL (`serve --public-url`, config key
 * publicUrl) builds every link on it, whatever the client claims; otherwise on the checked Host.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KnownError } from '../contract/error-kinds.js';

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
/** A DNS name or IPv4 address, or a bracketed IPv6 address; then an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::(\\d{1,5}))?$`);

/** True for a Host header a URL can be built on. */
export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match || host.length > 255) return false;
  return match[1] === undefined || Number(match[1]) <= 65_535;
}

/** Refuses (400) a request whose Host header is not a host. HTTP/1.0 may send none. */
export function installHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (host !== undefined && !isValidHost(host))
      throw new KnownError('badRequest', 'invalid Host header: expected a host name or address, with an optional port');
  });
}

/**
 * The origin of a server's public URL: http or https, no user, path, query or fragment.
 * Throws with the reason for anything else.
 */
export function publicOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`public URL ${JSON.stringify(text)} is not a URL; expected e.g. https://shop.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`public URL ${text}: expected http:// or https://`);
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new Error(`public URL ${text}: expected an origin only (scheme, host and port), e.g. https://shop.example.com`);
  }
  return url.origin;
}

/** Where links built for this request point: the public origin when set, else where the client reached us. */
export function linkOrigin(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  // HTTP/1.0 without Host: localhost. The Host header was checked by installHostCheck.
  return `${request.protocol}://${request.host || 'localhost'}`;
}
