/**
 * Where a statement document link is fetched from. A link on the service's own base URL (or
 * any link, when the service runs in-process) goes through the transport, with the token; any
 * other link is fetched directly and without it, since a presigned link needs no header and
 * the token must not leave for another host.
 */
import { UsageError } from './errors.js';
import type { Transport } from './transport.js';

/** Facts a transport may state about where it sends requests. */
export interface TransportLocation {
  /** The base URL requests are appended to (HTTP transports). */
  readonly baseUrl?: URL | string;
  /** True for a transport that calls the bundled server inside this process. */
  readonly inProcess?: boolean;
}

export type DocumentRoute = { via: 'transport'; path: string; query: Record<string, string> } | { via: 'direct'; url: URL };

export function routeDocument(link: string, transport: Transport & TransportLocation): DocumentRoute {
  const base = transport.baseUrl === undefined ? undefined : new URL(String(transport.baseUrl));
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(link.trim());
  // In-process, or no base to resolve against: only the path and query can mean anything.
  const local = transport.inProcess === true || (relative && !base);
  let url: URL;
  try {
    url = new URL(link.trim(), local ? 'http://localhost' : base);
  } catch {
    throw new UsageError(`${JSON.stringify(link)} is not a document URL`);
  }
  if (local) return throughTransport(url, '');
  if (base && url.origin === base.origin) {
    const prefix = base.pathname.replace(/\/+$/, '');
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
      return throughTransport(url, prefix);
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${JSON.stringify(link)} is not an http(s) document URL`);
  }
  return { via: 'direct', url };
}

function throughTransport(url: URL, prefix: string): DocumentRoute {
  // A repeated query key keeps its last value: the transport takes a record.
  return { via: 'transport', path: url.pathname.slice(prefix.length) || '/', query: Object.fromEntries(url.searchParams) };
}
