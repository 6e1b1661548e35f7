/**
 * Every kind of failure, once: the HTTP status the server answers with, the error code its body
 * carries, and the exit code the CLI returns. The server's error handler, the client's reading
 * of a failed reply and the CLI's exit all look the kind up here, so a new kind is one row.
 */
import { ErrorCodes, type ErrorCode } from './common.js';

/** The exit codes of every command, as `shopprop help exit-codes` and README list them. */
export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  unavailable: 5,
  server: 6,
  interrupted: 130,
  terminated: 143,
} as const;

export interface KindRule {
  /** The status the server answers with; absent for failures that never come from the server. */
  status?: number;
  /** The error code of the answer's body. */
  code?: ErrorCode;
  exitCode: number;
  /** Seconds a client is asked to wait before trying again (the Retry-After header); an error may name its own. */
  retryAfterSeconds?: number;
  /**
   * Named only by its error code: the status alone means another kind (a gateway's 503 or 429
   * is `unavailable`).
   */
  byCodeOnly?: true;
}

export const ERROR_KINDS = {
  /** A command called wrongly (a bad flag or value, a missing filter with no one to ask): no request made. */
  usage: { exitCode: ExitCode.usage },
  /** A request the server refuses as malformed: a bad or missing parameter, an unaccepted combination. */
  badRequest: { status: 400, code: ErrorCodes.badRequest, exitCode: ExitCode.usage },
  /** The save's refused input (the interface's 405): the message names the field and the expected value. */
  invalidInput: { status: 405, code: ErrorCodes.invalidInput, exitCode: ExitCode.usage },
  /** No token, or a bad or revoked one. */
  auth: { status: 401, code: ErrorCodes.unauthorized, exitCode: ExitCode.auth },
  /** Another company's data, or a role that may not do this. */
  forbidden: { status: 403, code: ErrorCodes.forbidden, exitCode: ExitCode.auth },
  notFound: { status: 404, code: ErrorCodes.notFound, exitCode: ExitCode.notFound },
  /** The record is not in the state the operation needs (a statement approved twice). */
  conflict: { status: 409, code: ErrorCodes.conflict, exitCode: ExitCode.usage },
  timeout: { status: 408, code: ErrorCodes.requestTimeout, exitCode: ExitCode.unavailable },
  /** The service cannot answer now (a gateway's 502/503/504, 429): try again later. */
  unavailable: { status: 503, exitCode: ExitCode.unavailable },
  /** Another process holds the store's write lock past the save's deadline: nothing saved, try again. */
  busy: { status: 503, code: ErrorCodes.busy, exitCode: ExitCode.unavailable, retryAfterSeconds: 1, byCodeOnly: true },
  /** Too many attempts (failed logins of a name): refused unread until the wait the error names (its Retry-After). */
  tooManyRequests: { status: 429, code: ErrorCodes.tooManyRequests, exitCode: ExitCode.unavailable, byCodeOnly: true },
  /** The disk holding the store is full: nothing saved. */
  storageFull: { status: 507, code: ErrorCodes.storageFull, exitCode: ExitCode.server },
  /** No answer at all: connection refused, unknown host, reset. */
  network: { exitCode: ExitCode.unavailable },
  server: { status: 500, code: ErrorCodes.internal, exitCode: ExitCode.server },
  /** An answer that does not follow the interface. */
  invalidResponse: { exitCode: ExitCode.server },
  /** The person at the terminal gave up a question (Ctrl-C, Escape). */
  interrupted: { exitCode: ExitCode.interrupted },
} as const satisfies Record<string, KindRule>;

export type ErrorKind = keyof typeof ERROR_KINDS;

/**
 * Marks an error with its kind. A symbol from the global registry, not `instanceof`: the CLI's
 * core and its command modules are separate bundles, each with its own copy of a class.
 */
const KIND = Symbol.for('shopprop.error-kind');

/** An error of a known kind; its status, code and exit code come from ERROR_KINDS. */
export class KnownError extends Error {
  /** Seconds to wait before trying again, when this error names them (else its kind's, if any). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(message, options);
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get [KIND](): ErrorKind {
    return this.kind;
  }
}

/** The kind of any error: that of a KnownError (from whichever bundle), else undefined. */
export function errorKindOf(error: unknown): ErrorKind | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const kind = (error as { [KIND]?: unknown })[KIND];
  return typeof kind === 'string' && Object.hasOwn(ERROR_KINDS, kind) ? (kind as ErrorKind) : undefined;
}

/** The kind an HTTP status alone means: the kind of the table with that status that is not named by its code only (503 is `unavailable`). */
export const KIND_BY_STATUS: ReadonlyMap<number, ErrorKind> = new Map(
  Object.entries(ERROR_KINDS).flatMap(([kind, rule]) => ('status' in rule && !('byCodeOnly' in rule) ? [[rule.status, kind as ErrorKind] as const] : [])),
);

/** The kinds the server names in its error bodies, by their code. */
export const KIND_BY_CODE: ReadonlyMap<string, ErrorKind> = new Map(
  Object.entries(ERROR_KINDS).flatMap(([kind, rule]) => ('code' in rule ? [[rule.code, kind as ErrorKind] as const] : [])),
);
