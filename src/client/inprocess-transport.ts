/**
 * The embedded transport: requests go to the bundled server in the same process, and no port
 * opens. A read the server can answer directly (server/direct-reads.ts) is answered so; any other
 * request goes through the fastify app with `inject()`, built on the first such request, so local
 * and remote share one validated code path.
 */
import type { FastifyInstance } from 'fastify';
import type { Transport, TransportRequest, TransportResponse } from './transport.js';

export interface InProcessOptions {
  /** Answers what it can without the app; undefined hands the request to the app. */
  direct?: (request: TransportRequest) => Promise<TransportResponse | undefined>;
  onClose?: () => Promise<void>;
}

export function createInProcessTransport(
  buildApp: () => Promise<FastifyInstance>,
  description: string,
  options: InProcessOptions = {},
): Transport & { readonly inProcess: true } {
  let app: Promise<FastifyInstance> | undefined;
  return {
    description,
    inProcess: true,
    async request(request: TransportRequest): Promise<TransportResponse> {
      const response = (await options.direct?.(request)) ?? (await inject(await (app ??= buildApp()), request));
      // An in-process request runs on promises alone: give the event loop a turn, or a walk of
      // a thousand pages never leaves the microtask queue and the memory of its spent Buffers is
      // freed only at the end.
      await new Promise(setImmediate);
      return response;
    },
    async close() {
      const built = await app?.catch(() => undefined);
      await built?.close();
      await options.onClose?.();
    },
  };
}

async function inject(app: FastifyInstance, request: TransportRequest): Promise<TransportResponse> {
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
  const headers: TransportResponse['headers'] = {};
  for (const [key, value] of Object.entries(response.headers)) {
    headers[key] = typeof value === 'number' ? String(value) : value;
  }
  return { status: response.statusCode, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
}
