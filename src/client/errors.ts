/**
 * The client's failures: a few named kinds, each with a one-line message (what failed, the
 * HTTP status and the server's words, and the fix) and an exit code the CLI hands to the shell.
 */

/** Bad input caught before any request was made (the CLI exits 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type ApiErrorKind =
  | 'badRequest'
  | 'auth'
  | 'forbidden'
  | 'notFound'
  | 'invalidInput'
  | 'server'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'invalidResponse';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  /** The request path (no query), or an absolute URL for a request outside the base URL. */
  path: string;
  status?: number;
  /** The server's error code (ErrorBody.code). */
  code?: string;
  /** The server's message, or what went wrong on the wire when there was no answer. */
  serverMessage?: string;
  /** What the user asked for ("cash sale list"); the method and path otherwise. */
  operation?: string;
  cause?: unknown;
}

/** What the user can do about each kind of failure. */
const FIXES: Record<ApiErrorKind, string> = {
  badRequest: 'check the parameters sent',
  auth: 'set a token with `shopprop config set token …` or SHOPPROP_TOKEN',
  forbidden: "the token's company or role does not allow this: use a token of that company or with a role that may do it",
  notFound: 'check the id, and that the base URL points at the service',
  invalidInput: 'correct the field named by the server and send again',
  server: 'the server failed: retry later, or see its log',
  unavailable: 'the service is unavailable: retry later',
  network: 'check the base URL / that the server is running',
  timeout: 'the server did not answer in time: retry later, or check the base URL / that the server is running',
  invalidResponse: 'the reply does not follow the interface: check the base URL points at the service',
};

const MAX_SERVER_MESSAGE = 300;

/** A failed call to the service: refused, unanswered, or answered with something unusable. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly method: string;
  readonly path: string;
  readonly operation?: string;

  constructor(init: ApiErrorInit) {
    super(formatMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.method = init.method;
    this.path = init.path;
    this.operation = init.operation;
  }

  /** The same failure, named for what the user asked for. */
  withOperation(operation: string): ApiError {
    return new ApiError({ ...this.init(), operation });
  }

  private init(): ApiErrorInit {
    return {
      kind: this.kind,
      method: this.method,
      path: this.path,
      status: this.status,
      code: this.code,
      serverMessage: this.serverMessage,
      operation: this.operation,
      cause: this.cause,
    };
  }
}

// The server's words reach a terminal: escape sequences (ESC ]0;title BEL, CSI, C1 controls)
// would retitle, restyle or move it, and bidirectional overrides would disguise the text.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Collapses whitespace so a message stays on one line, drops control characters, and bounds its length. */
export function oneLine(text: string, max = MAX_SERVER_MESSAGE): string {
  const flat = text.replace(/\s+/g, ' ').replace(UNPRINTABLE, '').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function formatMessage(init: ApiErrorInit): string {
  const what = init.operation ? `${init.operation} (${init.method} ${init.path})` : `${init.method} ${init.path}`;
  const status = init.status === undefined ? '' : `HTTP ${init.status}`;
  const said = init.serverMessage ? oneLine(init.serverMessage) : '';
  const detail = [status, said].filter(Boolean).join(' ');
  return `${what} failed${detail ? `: ${detail}` : ''}; ${FIXES[init.kind]}`;
}

/** The kind of failure an HTTP status means. */
export function kindForStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
      return 'badRequest';
    case 401:
      return 'auth';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'invalidInput';
    case 408:
      return 'timeout';
    case 429:
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      if (status >= 400 && status < 500) return 'badRequest';
      if (status >= 500) return 'server';
      // 1xx/3xx: the service never redirects; a redirect means the base URL is wrong.
      return 'invalidResponse';
  }
}

/** The error code and message of a failure body: the contract's ErrorBody, or any text. */
export function readErrorBody(
  body: Buffer,
  contentType: string | undefined,
): { code?: string; message?: string } {
  const text = body.toString('utf8');
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const { message, code, error } = parsed as Record<string, unknown>;
      return {
        code: typeof code === 'string' ? code : undefined,
        message: typeof message === 'string' ? message : typeof error === 'string' ? error : undefined,
      };
    }
  } catch {
    // not JSON: a proxy's page or plain text
  }
  if (contentType?.includes('html') || /^\s*</.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1];
    return title ? { message: title } : {};
  }
  return { message: text };
}

/**
 * Exit codes: 0 ok, 1 other error, 2 usage/validation, 3 not found, 4 auth,
 * 5 network/unavailable/timeout, 6 server error or unusable reply.
 */
export function exitCodeFor(error: unknown): number {
  if (error === undefined || error === null) return 0;
  if (error instanceof UsageError) return 2;
  if (!(error instanceof ApiError)) return 1;
  switch (error.kind) {
    case 'badRequest':
    case 'invalidInput':
      return 2;
    case 'notFound':
      return 3;
    case 'auth':
    case 'forbidden':
      return 4;
    case 'network':
    case 'unavailable':
    case 'timeout':
      return 5;
    case 'server':
    case 'invalidResponse':
      return 6;
  }
}

/** The ApiError a non-2xx answer means. */
export function errorFromResponse(
  request: { method: string; path: string },
  response: { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer },
): ApiError {
  const contentType = response.headers['content-type'];
  const { code, message } = readErrorBody(response.body, Array.isArray(contentType) ? contentType[0] : contentType);
  return new ApiError({
    kind: kindForStatus(response.status),
    method: request.method,
    path: request.path,
    status: response.status,
    code,
    serverMessage: message,
  });
}
