/**
 * The client's failures: the kinds of src/contract/error-kinds.ts, each with a one-line message
 * (what failed, the HTTP status and the server's words, and the fix).
 */
import { ERROR_KINDS, KIND_BY_CODE, KIND_BY_STATUS, KnownError, type ErrorKind, type KindRule } from '../contract/error-kinds.js';
import { UNSAFE_CHARACTERS } from './unsafe-characters.js';

/** Bad input caught before any request was made. */
export class UsageError extends KnownError {
  override readonly name = 'UsageError';
  constructor(message: string) {
    super('usage', message);
  }
}

/** The kinds a call to the service can fail with. */
export type ApiErrorKind = Exclude<ErrorKind, 'usage' | 'interrupted'>;

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
  /** Answered by the bundled server in-process: there is no base URL to check. */
  local?: boolean;
  cause?: unknown;
}

/** What the user can do about each kind of failure. */
const FIXES: Record<ApiErrorKind, string> = {
  badRequest: 'check the parameters sent',
  auth: 'sign in with `shopprop login`, or set a token with `shopprop config set token …` or SHOPPROP_TOKEN',
  forbidden: "the token's company or role does not allow this: use a token of that company or with a role that may do it",
  notFound: 'check the id, and that the base URL points at the service',
  invalidInput: 'correct the field named by the server and send again',
  conflict: 'the record is not in the state this needs: check it and try again',
  busy: 'the store is busy: try again shortly',
  tooManyRequests: 'too many attempts: wait the time the server names, then try again',
  storageFull: "the server's disk is full: free space on it, then try again",
  server: 'the server failed: retry later, or see its log',
  unavailable: 'the service is unavailable: retry later',
  network: 'check the base URL / that the server is running',
  timeout: 'the server did not answer in time: retry later, or check the base URL / that the server is running',
  invalidResponse: 'the reply does not follow the interface: check the base URL points at the service',
};

/** The fixes that differ when the bundled server answered in-process (no base URL is involved). */
const LOCAL_FIXES: Partial<Record<ApiErrorKind, string>> = {
  notFound: 'check the id (commands run on the local store; --db picks another file, --base-url a service)',
  invalidResponse: 'the bundled server broke the interface: please report it, with the command',
  network: 'the local store could not be reached',
  timeout: 'the local store did not answer in time',
};

const MAX_SERVER_MESSAGE = 300;

/** A failed call to the service: refused, unanswered, or answered with something unusable. */
export class ApiError extends KnownError {
  override readonly name = 'ApiError';
  declare readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly method: string;
  readonly path: string;
  readonly operation?: string;
  readonly local?: boolean;

  constructor(init: ApiErrorInit) {
    super(init.kind, formatMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.method = init.method;
    this.path = init.path;
    this.operation = init.operation;
    this.local = init.local;
  }

  /** The same failure, named for what the user asked for. */
  withOperation(operation: string): ApiError {
    return new ApiError({ ...this.init(), operation });
  }

  /** The same failure, answered by the bundled server in-process. */
  inLocalStore(): ApiError {
    return this.local ? this : new ApiError({ ...this.init(), local: true });
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
      local: this.local,
      cause: this.cause,
    };
  }
}

/** Collapses whitespace so a message stays on one line, drops control characters, and bounds its length. */
export function oneLine(text: string, max = MAX_SERVER_MESSAGE): string {
  const flat = text.replace(/\s+/g, ' ').replace(UNSAFE_CHARACTERS, '').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function formatMessage(init: ApiErrorInit): string {
  if (init.local) return localMessage(init);
  const request = `${init.method} ${init.path}`;
  // An operation named by its request (`shopprop api`) is said once.
  const what = init.operation && init.operation !== request ? `${init.operation} (${request})` : request;
  const status = init.status === undefined ? '' : `HTTP ${init.status}`;
  const said = init.serverMessage ? oneLine(init.serverMessage) : '';
  const detail = [status, said].filter(Boolean).join(' ');
  const fix = (init.local ? LOCAL_FIXES[init.kind] : undefined) ?? FIXES[init.kind];
  return `${what} failed${detail ? `: ${detail}` : ''}; ${fix}`;
}

/**
 * A failure of the local store, in its own words: no request went over a network, so no
 * method, path or HTTP status; the parameter a message ends with is the wire's name, left out.
 * An id nothing has is followed by the command that lists the ids there are.
 */
function localMessage(init: ApiErrorInit): string {
  const what = init.operation ?? `${init.method} ${init.path}`;
  const said = init.serverMessage ? oneLine(init.serverMessage).replace(/ \([a-zA-Z]+\)$/, '') : '';
  const kind = init.kind === 'notFound' ? LISTED_KINDS[/^no ([a-z ]+?) \d+\b/.exec(said)?.[1] ?? ''] : undefined;
  const fix = kind ? `\`shopprop local list ${kind}\` lists them` : (LOCAL_FIXES[init.kind] ?? FIXES[init.kind]);
  return `${what} failed${said ? `: ${said}` : ''}; ${fix}`;
}

/** The `local list` kind that lists each thing a message may name by id. */
const LISTED_KINDS: Record<string, string> = {
  zone: 'zones',
  'field officer': 'officers',
  property: 'properties',
  landlord: 'landlords',
  shop: 'shops',
  cashbook: 'cashbooks',
  user: 'users',
};

/** The kind of failure an HTTP status means: the table's, else the nearest. */
export function kindForStatus(status: number): ApiErrorKind {
  const kind = KIND_BY_STATUS.get(status);
  if (kind !== undefined) return kind as ApiErrorKind;
  // Proxies and gateways: try again later.
  if (status === 429 || status === 502 || status === 504) return 'unavailable';
  if (status >= 400 && status < 500) return 'badRequest';
  if (status >= 500) return 'server';
  // 1xx/3xx: the service never redirects; a redirect means the base URL is wrong.
  return 'invalidResponse';
}

/** The error code and message of a failure body: the contract's ErrorBody, or any text. */
export function readErrorBody(body: Buffer, contentType: string | undefined): { code?: string; message?: string } {
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

/** The ApiError a non-2xx answer means. */
export function errorFromResponse(
  request: { method: string; path: string },
  response: { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer },
): ApiError {
  const contentType = response.headers['content-type'];
  const { code, message } = readErrorBody(response.body, Array.isArray(contentType) ? contentType[0] : contentType);
  // The body's code names the kind when it agrees with the status (503 BUSY is the busy store;
  // a gateway's 503 is unavailable).
  const byCode = code === undefined ? undefined : KIND_BY_CODE.get(code);
  const named = byCode !== undefined && (ERROR_KINDS[byCode] as KindRule).status === response.status ? (byCode as ApiErrorKind) : undefined;
  return new ApiError({
    kind: named ?? kindForStatus(response.status),
    method: request.method,
    path: request.path,
    status: response.status,
    code,
    serverMessage: message,
  });
}
