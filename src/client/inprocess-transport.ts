/**
 * The embedded transport: requests go through the bundled fastify app with `inject()`,
 * in the same process, so local and remote share one validated code path and no port opens.
 */
import type { FastifyInstance } from 'fastify';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

export function createInProcessTransport(
  app: FastifyInstance,
  description: string,
  onClose?: () => Promise<void>,
): Transport & { readonly inProcess: true } {
  return {
    description,
    inProcess: true,
    async request(request: TransportRequest): Promise<TransportResponse> {
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) query[key] = String(value);
      }
      const response = await app.inject({
        method: request.method,
        url: request.path,
        query,
        headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
        payload: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const headers: TransportResponse['headers'] = {};
      for (const [key, value] of Object.entries(response.headers)) {
        headers[key] = typeof value === 'number' ? String(value) : value;
      }
      return { status: response.statusCode, headers, body: response.rawPayload };
    },
    async close() {
      await app.close();
      await onClose?.();
    },
  };
}
