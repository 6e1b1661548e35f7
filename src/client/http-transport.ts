/**
 * The HTTP transport: requests to a remote service (or `shopprop serve`) over one keep-alive
 * undici Agent. Wire failures become ApiError 'network' or 'timeout'; statuses are the
 * client's business.
 */
import { performance } from 'node:perf_hooks';
import { Agent, interceptors, type Dispatcher } from 'undici';
import { ApiError } from './errors.js';
import type { QueryValue, Transport, TransportRequest, TransportResponse } from './transport.js';

export interface HttpTransportOptions {
  /** e.g. `https://erp.example.com` or `https://host/prefix`; paths are appended to it. */
  baseUrl: string;
  connectTimeoutMs?: number;
  /** Silence allowed while waiting for the headers and between body chunks. */
  readTimeoutMs?: number;
  /**
   * The whole request, connection to last byte, must finish within this (a server dripping
   * bytes); a client that retries holds all its attempts to it too (Transport.deadlineMs).
   */
  deadlineMs?: number;
  /** A reply larger than this is not the interface's: the request fails instead of filling memory. */
  maxReplyBytes?: number;
  /** Redirects followed; 0 (the default) for the API, whose answers never redirect. */
  maxRedirections?: number;
  /** Receives one line per request and per response, secrets redacted. */
  trace?: (line: string) => void;
}

/** A transport that knows the base URL it speaks to (see document-route.ts). */
export interface HttpTransport extends Transport {
  readonly baseUrl: URL;
}

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const readTimeoutMs = options.readTimeoutMs ?? 30_000;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  const trace = options.trace;
  const agent = new Agent({
    connectTimeout: connectTimeoutMs,
    headersTimeout: readTimeoutMs,
    bodyTimeout: readTimeoutMs,
    keepAliveTimeout: 10_000,
  });
  const dispatcher: Dispatcher = options.maxRedirections ? agent.compose(interceptors.redirect({ maxRedirections: options.maxRedirections })) : agent;

  async function request(req: TransportRequest): Promise<TransportResponse> {
    const url = buildUrl(baseUrl, req.path, req.query);
    const headers: Record<string, string> = { accept: 'application/json, */*;q=0.5', ...lowerKeys(req.headers) };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] ??= 'application/json';
    }
    const timeout = Math.min(req.timeoutMs ?? readTimeoutMs, deadlineMs);
    trace?.(`> ${req.method} ${redactUrl(url)}${formatHeaders(headers)}`);
    const started = performance.now();
    const deadline = AbortSignal.timeout(deadlineMs);
    // The call's own deadline (its earlier attempts took part of it) ends this attempt too.
    const signal = req.signal ? AbortSignal.any([deadline, req.signal]) : deadline;
    try {
      const res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: req.method,
        headers,
        body,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal,
      });
      const buffer = await readCapped(res.body, maxReplyBytes, res.headers['content-length']);
      trace?.(`< ${res.statusCode} ${req.method} ${redactUrl(url)} ${elapsed(started)}ms ${buffer.length}B`);
      return { status: res.statusCode, headers: res.headers, body: buffer };
    } catch (error) {
      const failure =
        error instanceof ReplyTooLargeError
          ? new ApiError({ kind: 'invalidResponse', method: req.method, path: req.path.split('?', 1)[0] ?? req.path, serverMessage: error.message })
          : signal.aborted
            ? new ApiError({
                kind: 'timeout',
                method: req.method,
                path: req.path.split('?', 1)[0] ?? req.path,
                serverMessage: `no complete answer from ${url.host} within ${seconds(deadlineMs)} (--timeout)`,
                cause: error,
              })
            : wireError(error, req.method, req.path, url, { connectTimeoutMs, readTimeoutMs: timeout });
      trace?.(`< ${req.method} ${redactUrl(url)} failed after ${elapsed(started)}ms: ${failure.serverMessage ?? failure.kind}`);
      throw failure;
    }
  }

  return {
    description: redactUrl(baseUrl),
    baseUrl,
    deadlineMs,
    request,
    close: () => agent.close(),
  };
}

/** Default overall deadline of one request: a page, a save or a statement PDF takes far less. */
export const DEFAULT_DEADLINE_MS = 60_000;
/** Default cap on a reply: a page of 1000 records or a statement PDF is a few MB at most. */
export const DEFAULT_MAX_REPLY_BYTES = 64 * 1024 * 1024;

class ReplyTooLargeError extends Error {
  override readonly name = 'ReplyTooLargeError';
}

/** The reply's bytes, refusing (and dropping the connection) as soon as they pass the cap. */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, contentLength: string | string[] | undefined): Promise<Buffer> {
  const tooLarge = () => new ReplyTooLargeError(`the server's answer does not follow the interface: a reply larger than ${mebibytes(maxBytes)}`);
  const announced = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(announced) && announced > maxBytes) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

function mebibytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function parseBaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`base URL ${JSON.stringify(text)} is not a URL (e.g. http://127.0.0.1:8080)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`base URL ${JSON.stringify(text)} must start with http:// or https://`);
  }
  url.search = '';
  url.hash = '';
  return url;
}

/** Base URL (with any path prefix) + path + query, skipping parameters without a value. */
export function buildUrl(baseUrl: URL, path: string, query?: Record<string, QueryValue>): URL {
  const prefix = baseUrl.pathname.replace(/\/+$/, '');
  const mark = path.indexOf('?');
  const pathname = mark < 0 ? path : path.slice(0, mark);
  const search = mark < 0 ? '' : path.slice(mark);
  const url = new URL(baseUrl.origin);
  url.pathname = prefix + (pathname.startsWith('/') ? pathname : `/${pathname}`);
  url.search = search;
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  return url;
}

const SECRET_PARAMS = /^(signature|sig|token|access_token|secret|x-amz-signature|x-amz-credential|x-amz-security-token)$/i;

/** The URL for a log line: no user info, secret-looking query values replaced. */
export function redactUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  for (const key of [...new Set(copy.searchParams.keys())]) {
    if (SECRET_PARAMS.test(key)) copy.searchParams.set(key, '***');
  }
  // "http://host:8080", not "http://host:8080/", for a bare origin.
  return copy.pathname === '/' && !copy.search ? copy.origin : copy.href;
}

/** Request headers for a log line, the credential reduced to its scheme. */
export function formatHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([key, value]) => ` ${key}: ${key.toLowerCase() === 'authorization' ? redactCredential(value) : value}`)
    .join(';');
}

function redactCredential(value: string): string {
  const scheme = /^(\S+)\s/.exec(value)?.[1];
  return scheme ? `${scheme} ***` : '***';
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
};

/** An undici or socket failure as an ApiError naming where it went wrong. */
function wireError(error: unknown, method: string, path: string, url: URL, timeouts: { connectTimeoutMs: number; readTimeoutMs: number }): ApiError {
  const code = errorCode(error);
  const where = url.host;
  const base = { method, path: path.split('?', 1)[0] ?? path, cause: error };
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return new ApiError({ ...base, kind: 'timeout', serverMessage: `no connection to ${where} within ${timeouts.connectTimeoutMs}ms` });
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return new ApiError({ ...base, kind: 'timeout', serverMessage: `no answer from ${where} within ${timeouts.readTimeoutMs}ms` });
  }
  const words = (code && NETWORK_CODES[code]) ?? (error instanceof Error ? error.message : String(error));
  return new ApiError({ ...base, kind: 'network', serverMessage: `${words} (${where})` });
}

/** The code of an error, looking into causes and aggregated attempts (IPv4 + IPv6). */
function errorCode(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = errorCode(inner, depth + 1);
      if (found) return found;
    }
  }
  return errorCode(cause, depth + 1);
}
