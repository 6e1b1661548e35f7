/**
 * A GET of one of the local server's own endpoints (/api/local/...), outside the interface.
 * Another server of the interface does not have them: that answer (404 or 405 for the path) is
 * `undefined`, so a caller can fall back to what the interface gives.
 */
import type { TSchema, Static } from '@sinclair/typebox';
import { ApiError, errorFromResponse } from './errors.js';
import { sendWithRetry } from './retry.js';
import type { Transport, TransportRequest } from './transport.js';
import { firstProblem, parseJsonReply } from './validate.js';

export interface LocalEndpointTarget {
  transport: Transport;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
}

export async function getLocal<S extends TSchema>(
  target: LocalEndpointTarget,
  request: { path: string; query: Record<string, string | number | undefined>; operation: string; schema: S },
): Promise<Static<S> | undefined> {
  const token = target.token?.trim();
  const { path, operation } = request;
  const sent: TransportRequest = { method: 'GET', path, query: request.query, headers: token ? { Authorization: `Bearer ${token}` } : {} };
  let response;
  try {
    response = await sendWithRetry(sent, (r) => target.transport.request(r), { deadlineMs: target.transport.deadlineMs });
  } catch (error) {
    throw error instanceof ApiError ? error.withOperation(operation) : error;
  }
  const context = { method: 'GET', path, status: response.status, operation };
  if (response.status !== 200) {
    const error = errorFromResponse(sent, response).withOperation(operation);
    // Our server says "no company N" with a 404 of its own; any other 404/405 means no such endpoint.
    const unknownCompany = error.kind === 'notFound' && /no company/i.test(error.serverMessage ?? '');
    if ((response.status === 404 || response.status === 405) && !unknownCompany) return undefined;
    throw error;
  }
  const json = parseJsonReply(response.body, headerOf(response.headers['content-type']), context);
  const problem = firstProblem(request.schema, json);
  if (problem !== undefined) throw new ApiError({ ...context, kind: 'invalidResponse', serverMessage: `unexpected reply: ${problem}` });
  return json as Static<S>;
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
