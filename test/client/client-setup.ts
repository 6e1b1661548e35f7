/** A ShopClient over the real HTTP transport, pointed at a test server, retries without waiting. */
import { ShopClient, type ShopClientOptions } from '../../src/client/client.js';
import { createHttpTransport, type HttpTransportOptions } from '../../src/client/http-transport.js';

export const noWait = async (): Promise<void> => {};

export function clientFor(baseUrl: string, options: Partial<ShopClientOptions> = {}, transportOptions: Partial<HttpTransportOptions> = {}): ShopClient {
  const transport = createHttpTransport({ baseUrl, ...transportOptions });
  return new ShopClient({ transport, token: 'secret-token', retry: { sleep: noWait }, ...options });
}
