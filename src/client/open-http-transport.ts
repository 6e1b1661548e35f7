/**
 * The HTTP transport, loaded on first use: undici costs ~130 ms to import, which embedded
 * mode and `--help` should not pay.
 */
import type { HttpTransport, HttpTransportOptions } from './http-transport.js';

export async function openHttpTransport(options: HttpTransportOptions): Promise<HttpTransport> {
  const { createHttpTransport } = await import('./http-transport.js');
  return createHttpTransport(options);
}
