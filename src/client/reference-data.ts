/**
 * The local server's reference data (GET /api/local/reference-data), outside the interface.
 * Another server of the interface does not have it: that answer (404 or 405 for the path) is
 * `undefined`, so a caller can fall back to asking for ids.
 */
import { REFERENCE_DATA_PATH, ReferenceData } from '../contract/reference-data.js';
import { ApiError, errorFromResponse } from './errors.js';
import { sendWithRetry } from './retry.js';
import type { Transport, TransportRequest } from './transport.js';
import { firstProblem, parseJsonReply } from './validate.js';

export interface ReferenceDataTarget {
  transport: Transport;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
}

const OPERATION = 'reference data';

export async function fetchReferenceData(
  target: ReferenceDataTarget,
  companyId: number,
  options: { unitIds?: readonly number[] } = {},
): Promise<ReferenceData | undefined> {
  const token = target.token?.trim();
  const unitIds = options.unitIds?.length ? [...new Set(options.unitIds)].join(',') : undefined;
  const request: TransportRequest = {
    method: 'GET',
    path: REFERENCE_DATA_PATH,
    query: { companyId, unitIds },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  };
  let response;
  try {
    response = await sendWithRetry(request, (r) => target.transport.request(r));
  } catch (error) {
    throw error instanceof ApiError ? error.withOperation(OPERATION) : error;
  }
  const context = { method: 'GET', path: REFERENCE_DATA_PATH, status: response.status, operation: OPERATION };
  if (response.status !== 200) {
    const error = errorFromResponse(request, response).withOperation(OPERATION);
    // Our server says "no company N" with a 404 of its own; any other 404/405 means no such endpoint.
    const unknownCompany = error.kind === 'notFound' && /no company/i.test(error.serverMessage ?? '');
    if ((response.status === 404 || response.status === 405) && !unknownCompany) return undefined;
    throw error;
  }
  const json = parseJsonReply(response.body, headerOf(response.headers['content-type']), context);
  const problem = firstProblem(ReferenceData, json);
  if (problem !== undefined) throw new ApiError({ ...context, kind: 'invalidResponse', serverMessage: `unexpected reply: ${problem}` });
  return json as ReferenceData;
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
