/**
 * The embedded transport: requests go through the bundled fastify app with `inject()`,
 * in the same process, so local and remote share one validated code path and no port opens.
 */
import type { FastifyInstance } from 'fastify';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

export function createInProcessTransport(app: FastifyInstance, description: string, onClose?: () => Promise<void>): Transport & { readonly inProcess: true } {
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
        // The body as the bytes the app wrote: the whole-payload form would also decode
        // every reply to text, which the client does itself.
        payloadAsStream: true,
      });
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
      // An injected request runs on process.nextTick and promises alone: give the event loop a
      // turn, or a walk of a thousand pages never leaves the microtask queue and the memory of
      // its spent Buffers is freed only at the end.
      await new Promise(setImmediate);
      const headers: TransportResponse['headers'] = {};
      for (const [key, value] of Object.entries(response.headers)) {
        headers[key] = typeof value === 'number' ? String(value) : value;
      }
      return { status: response.statusCode, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
    },
    async close() {
      await app.close();
      await onClose?.();
    },
  };
}
