/**
 * How the client reaches a server of the interface. Two implementations: HTTP over undici
 * (a remote service or `shopprop serve`) and in-process (the bundled server, embedded).
 */
export type QueryValue = string | number | boolean | undefined;

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Path relative to the base URL, e.g. `/api/inventorycashsale/list`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON body (POST). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Abort after this many ms of silence; the transport's default otherwise. */
  timeoutMs?: number;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Transport {
  /** Where requests go, for messages ("http://127.0.0.1:8080" or "embedded (/path/to.db)"). */
  readonly description: string;
  request(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}
