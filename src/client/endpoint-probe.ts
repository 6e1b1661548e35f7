/**
 * One request to one endpoint of the interface, judged three ways: reachable (an HTTP answer
 * came), authorised (not 401 or 403) and follows the interface (HTTP 200 with JSON that the
 * contract's response schema accepts, strictly). Exactly one request: no retry, whatever the
 * answer, so a check never loads a struggling server.
 */
import { performance } from 'node:perf_hooks';
import { endpoints, type EndpointName } from '../contract/endpoints.js';
import { ApiError, oneLine, readErrorBody } from './errors.js';
import { schemaMismatches } from './schema-mismatches.js';
import type { Transport } from './transport.js';

export interface ProbeRequest {
  endpoint: EndpointName;
  query: Record<string, string | number>;
}

export interface ProbeResult {
  /** An HTTP answer came (any status). */
  reachable: boolean;
  /** Not 401 or 403; undefined when there was no answer. */
  authorised?: boolean;
  /** HTTP 200 with JSON the contract's schema accepts; undefined when not reached or not authorised. */
  follows?: boolean;
  status?: number;
  /** From sending the request to the last byte of the answer (or the failure). */
  ms: number;
  /** Why a check failed; for an answer that follows, how much it held. */
  detail: string;
  /** The mismatching paths named in the detail (the first few). */
  mismatches: string[];
  /** The parsed answer of a 200 that is JSON, for ids a later check can use. */
  answer?: unknown;
}

export interface ProbeOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** The longest the request may take; the transport enforces it (HTTP) or has none (in-process). */
  timeoutMs?: number;
}

/** How many mismatching paths a detail names. */
const SHOWN_MISMATCHES = 3;

export async function probeEndpoint(transport: Transport, request: ProbeRequest, options: ProbeOptions = {}): Promise<ProbeResult> {
  const endpoint = endpoints[request.endpoint];
  const token = options.token?.trim();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let response;
  try {
    response = await transport.request({
      method: endpoint.method,
      path: endpoint.path,
      query: request.query,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A reply too large to be the interface's was an answer: it came, and it does not follow.
    if (error.kind === 'invalidResponse') {
      return { reachable: true, authorised: true, follows: false, ms: elapsed(), detail: oneLine(error.serverMessage ?? error.message), mismatches: [] };
    }
    return { reachable: false, ms: elapsed(), detail: oneLine(error.serverMessage ?? error.message), mismatches: [] };
  }
  const ms = elapsed();
  const { status } = response;
  const contentType = header(response.headers['content-type']);
  if (status === 401 || status === 403) {
    return { reachable: true, authorised: false, status, ms, detail: refusal(status, response.body, contentType), mismatches: [] };
  }
  const reached = { reachable: true, authorised: true, status, ms } as const;
  if (status !== 200) return { ...reached, follows: false, detail: refusal(status, response.body, contentType), mismatches: [] };
  let answer: unknown;
  try {
    answer = JSON.parse(response.body.toString('utf8'));
  } catch {
    return { ...reached, follows: false, detail: `HTTP 200 but not JSON (${contentType ?? 'no content type'})`, mismatches: [] };
  }
  const found = schemaMismatches(endpoint.response, answer, SHOWN_MISMATCHES);
  if (found.total === 0) return { ...reached, follows: true, detail: holding(answer), mismatches: [], answer };
  const more = found.total - found.first.length;
  const andMore = more > 0 ? ` (and ${found.moreThanCounted ? 'over ' : ''}${more} more)` : '';
  return { ...reached, follows: false, detail: `${found.first.join('; ')}${andMore}`, mismatches: found.first, answer };
}

/** "HTTP 404 NOT_FOUND: no such path", from the answer's error body when it has one. */
function refusal(status: number, body: Buffer, contentType: string | undefined): string {
  const { code, message } = readErrorBody(body, contentType);
  const said = [code, message === undefined ? undefined : oneLine(message, 200)].filter(Boolean).join(': ');
  return `HTTP ${status}${said ? ` ${said}` : ''}`;
}

/** What an answer that follows the interface held: "1 of 240 records", "12 rows". */
function holding(answer: unknown): string {
  if (Array.isArray(answer)) return `${answer.length} ${answer.length === 1 ? 'row' : 'rows'}`;
  const { count, list } = answer as { count?: unknown; list?: unknown };
  if (typeof count === 'number' && Array.isArray(list)) return `${list.length} of ${count} ${count === 1 ? 'record' : 'records'}`;
  return 'an object';
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
