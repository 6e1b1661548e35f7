/**
 * How the client reaches a server of the interface. Two implementations: HTTP over undici
 * (a remote service or `shopprop serve`) and in-process (the bundled server, embedded).
 */
export type QueryValue = string | number | boolean | undefined;

/** The interface's endpoints use GET and POST; `shopprop api` may send the others to a server that has them. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportRequest {
  method: HttpMethod;
  /** Path relative to the base URL, e.g. `/api/inventorycashsale/list`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON body (POST). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Abort after this many ms of silence; the transport's default otherwise. */
  timeoutMs?: number;
  /** Ends the attempt when the whole call's time, retries included, is spent (see Transport.deadlineMs). */
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Transport {
  /** Where requests go, for messages ("http://127.0.0.1:8080" or "embedded (/path/to.db)"). */
  readonly description: string;
  /**
   * The longest one call may take, from its first attempt to the last byte of its answer, retries
   * and the waits between them included (`--timeout`); none: no bound but each attempt's own.
   */
  readonly deadlineMs?: number;
  request(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}
