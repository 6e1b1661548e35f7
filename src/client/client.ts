/**
 * The typed client of the interface: one method per endpoint. It refuses requests the
 * interface would not accept before sending them, carries the token, retries what is safe to
 * retry, turns failures into ApiError and checks replies against the contract.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import {
  afterParameters,
  endpoints,
  NEXT_AFTER_HEADER,
  NEXT_AFTER_TEXT,
  ErrorCodes,
  type CashSaleListQuery,
  type CashSaleListRecord,
  type EndpointName,
  type ItemCatalogSpecRecord,
  type PaidBalanceQuery,
  type PaidBalanceRow,
  type PayAdvice,
  type PayAdviceQuery,
  type ReceiptSpecsQuery,
  type SaleItemListQuery,
  type SaleItemRecord,
  type SaveCashSaleBody,
  type SaveCashSaleResponse,
  type StatementPdfQuery,
  type StatementPdfResponse,
  type StatementRecord,
  type StatementsQuery,
} from '../contract/index.js';
import { PAGING_STYLE_HEADER } from '../contract/common.js';
import { KIND_BY_CODE } from '../contract/error-kinds.js';
import { routeDocument, type TransportLocation } from './document-route.js';
import { ApiError, errorFromResponse, UsageError, type ApiErrorKind } from './errors.js';
import type { PagingStyle } from './paging.js';
import { requirePdf } from './pdf-reply.js';
import { checkBody, checkQuery } from './request-check.js';
import { sendWithRetry, type RetryOptions } from './retry.js';
import type { QueryValue, Transport, TransportRequest, TransportResponse } from './transport.js';
import { parseJsonReply, validateResponse, type Loose } from './validate.js';

/** One page of a collection: `count` is the total of matching records, `list` this page. */
export interface Page<T> {
  count: number;
  list: Loose<T>[];
  /** What `start` means to the server, when it says so (PAGING_STYLE_HEADER). */
  readonly pagingStyle?: PagingStyle;
  /** Where the page ended, when the server names it (X-Next-After): the next page's `after`. */
  nextAfter?: string;
}

export interface ShopClientOptions {
  transport: Transport & TransportLocation;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  retry?: RetryOptions;
  /** Told about retries (the transport traces the requests themselves). */
  trace?: (line: string) => void;
  /** Per-request silence allowed; the transport's default otherwise. */
  timeoutMs?: number;
  /**
   * Fetches a document link outside the service's base URL, ended by `signal` when the call's
   * time is spent. Default: a one-off HTTP request, following redirects.
   */
  fetchDirect?: (url: URL, signal?: AbortSignal) => Promise<TransportResponse>;
}

export interface RawRequest {
  method: TransportRequest['method'];
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface SaveOptions {
  /** Makes the save safe to retry: the server records the sale once per key. */
  idempotencyKey?: string;
}

interface Call {
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
}

export class ShopClient {
  readonly transport: Transport & TransportLocation;
  private readonly token?: string;
  private readonly options: ShopClientOptions;
  /** The paging style the server last stated (PAGING_STYLE_HEADER); one server, one style. */
  private statedPagingStyle?: PagingStyle;

  constructor(options: ShopClientOptions) {
    this.options = options;
    this.transport = options.transport;
    const token = options.token?.trim();
    if (token && /[\r\n]/.test(token)) throw new UsageError('the token must be on one line');
    this.token = token || undefined;
  }

  /** 4.1: cash sales (sale item records may appear among them). */
  listCashSales(query: CashSaleListQuery & { after?: string }): Promise<Page<CashSaleListRecord>> {
    return this.page('listCashSales', query);
  }

  /** 4.2: sale lines. */
  listSaleItems(query: SaleItemListQuery & { after?: string }): Promise<Page<SaleItemRecord>> {
    return this.page('listSaleItems', query);
  }

  /** 4.3: serialised units in stock, for receipts. */
  listReceiptSpecs(query: ReceiptSpecsQuery & { after?: string }): Promise<Page<ItemCatalogSpecRecord>> {
    return this.page('listReceiptSpecs', query);
  }

  /** 4.4: records (or, with `id`, updates) a cash sale. Retried only when it carries a key. */
  async saveCashSale(body: SaveCashSaleBody, options: SaveOptions = {}): Promise<Loose<SaveCashSaleResponse>> {
    const key = options.idempotencyKey?.trim();
    return this.call('saveCashSale', { body, headers: key ? { 'Idempotency-Key': key } : {} });
  }

  /** 4.5: tenant paid and balance rows. */
  paidBalance(query: PaidBalanceQuery): Promise<Loose<PaidBalanceRow>[]> {
    return this.call('paidBalance', { query });
  }

  /** 4.6: the landlord pay advice of a property. */
  payAdvice(query: PayAdviceQuery): Promise<Loose<PayAdvice>> {
    return this.call('payAdvice', { query });
  }

  /** 4.7: landlord property statements. */
  statements(query: StatementsQuery): Promise<Page<StatementRecord>> {
    return this.page('statements', query);
  }

  /** 4.8: the link of a rendered statement document, in `message`. */
  statementPdf(query: StatementPdfQuery): Promise<Loose<StatementPdfResponse>> {
    return this.call('statementPdf', { query });
  }

  /**
   * The PDF behind a document link (the statement PDF link), fetched by the route it calls for.
   * A reply that is not a PDF (requirePdf) fails as one that does not follow the interface, so
   * no caller ever saves a login page as a statement.
   */
  async fetchDocument(link: string): Promise<Buffer> {
    const route = routeDocument(link, this.transport);
    if (route.via === 'transport') {
      const request = this.request('GET', route.path, route.query);
      const operation = 'statement document';
      const response = await this.send(request, operation).catch((error: unknown) => Promise.reject(this.located(error)));
      if (!isOk(response.status)) throw this.located(errorFromResponse(request, response).withOperation(operation));
      try {
        return requirePdf(response, { method: 'GET', path: route.path, operation });
      } catch (error) {
        throw this.located(error);
      }
    }
    const { url } = route;
    const operation = `statement document from ${url.host}`;
    const fetchDirect = this.options.fetchDirect ?? defaultFetchDirect(this.options.trace, this.transport.deadlineMs);
    // No token: the link is presigned, and the token is not for other hosts.
    const response = await this.retrying({ method: 'GET', path: url.pathname }, (sent) => fetchDirect(url, sent.signal), operation);
    if (!isOk(response.status)) throw errorFromResponse({ method: 'GET', path: url.pathname }, response).withOperation(operation);
    return requirePdf(response, { method: 'GET', path: url.pathname, operation });
  }

  /**
   * Any request to the service with this client's token, time-outs and retries (GETs, and POSTs
   * with an Idempotency-Key); the answer as it came, for what the typed calls do not cover
   * (`shopprop api`, log-in). A non-2xx answer is an ApiError of its kind, as every call's.
   */
  async raw(request: RawRequest): Promise<TransportResponse> {
    const sent = this.request(request.method, request.path, request.query, request.body, request.headers);
    const operation = `${request.method} ${request.path}`;
    const response = await this.send(sent, operation);
    if (!isOk(response.status)) throw this.located(errorFromResponse(sent, response).withOperation(operation));
    return response;
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** A page; `after` (a previous page's nextAfter) is sent as afterDate and afterId. */
  private async page<T>(name: EndpointName, query: object & { after?: string }): Promise<Page<T>> {
    let nextAfter: string | undefined;
    const { after, ...rest } = query;
    const sent = after === undefined ? rest : { ...rest, ...afterParameters(after) };
    const reply = (await this.call(name, { query: sent }, (response) => {
      const value = header(response, NEXT_AFTER_HEADER);
      if (value !== undefined && NEXT_AFTER_TEXT.test(value)) nextAfter = value;
    })) as { count?: unknown; list?: unknown };
    const endpoint = endpoints[name];
    const missing = (field: 'count' | 'list', expected: string): string =>
      reply[field] === undefined ? `${field}: is required` : `${field}: expected ${expected} (got ${String(reply[field])})`;
    const problem = typeof reply.count !== 'number' ? missing('count', 'number') : !Array.isArray(reply.list) ? missing('list', 'array') : undefined;
    if (problem) {
      throw this.located(
        new ApiError({
          kind: 'invalidResponse',
          method: endpoint.method,
          path: endpoint.path,
          status: 200,
          operation: endpoint.title,
          serverMessage: `unexpected reply: ${problem}`,
        }),
      );
    }
    const stated = this.statedPagingStyle;
    return { ...(reply as Page<T>), ...(stated === undefined ? {} : { pagingStyle: stated }), ...(nextAfter === undefined ? {} : { nextAfter }) };
  }

  private async call<N extends EndpointName>(
    name: N,
    call: Call,
    onResponse?: (response: TransportResponse) => void,
  ): Promise<Loose<Static<(typeof endpoints)[N]['response']>>> {
    try {
      return await this.callOnce(name, call, onResponse);
    } catch (error) {
      throw this.located(error);
    }
  }

  /** An error of the bundled server in-process says so: its fix speaks of no base URL. */
  private located(error: unknown): unknown {
    return error instanceof ApiError && (this.transport as { inProcess?: boolean }).inProcess === true ? error.inLocalStore() : error;
  }

  private async callOnce<N extends EndpointName>(
    name: N,
    call: Call,
    onResponse?: (response: TransportResponse) => void,
  ): Promise<Loose<Static<(typeof endpoints)[N]['response']>>> {
    const endpoint = endpoints[name];
    const query = call.query === undefined ? undefined : checkQuery(name, call.query);
    const body = call.body === undefined ? undefined : checkBody(name, call.body);
    const request = this.request(endpoint.method, endpoint.path, query, body, call.headers);
    const response = await this.send(request, endpoint.title);
    const context = { method: endpoint.method, path: endpoint.path, status: response.status, operation: endpoint.title };
    if (!isOk(response.status)) throw errorFromResponse(request, response).withOperation(endpoint.title);
    const style = header(response, PAGING_STYLE_HEADER);
    if (style === 'offset' || style === 'page') this.statedPagingStyle = style;
    onResponse?.(response);
    const json = parseJsonReply(response.body, header(response, 'content-type'), context);
    refusedInSuccess(json, context);
    return validateResponse(endpoint.response as TSchema, json, context) as Loose<Static<(typeof endpoints)[N]['response']>>;
  }

  private request(
    method: TransportRequest['method'],
    path: string,
    query?: Record<string, QueryValue>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): TransportRequest {
    const all = { ...headers };
    if (this.token) all.Authorization = `Bearer ${this.token}`;
    return { method, path, query, body, headers: all, timeoutMs: this.options.timeoutMs };
  }

  private send(request: TransportRequest, operation: string): Promise<TransportResponse> {
    return this.retrying(request, (sent) => this.transport.request(sent), operation);
  }

  /** Sends with retries, all of them within the transport's deadline (`--timeout`). */
  private async retrying(
    request: TransportRequest,
    send: (sent: TransportRequest) => Promise<TransportResponse>,
    operation: string,
  ): Promise<TransportResponse> {
    const trace = this.options.trace;
    try {
      return await sendWithRetry({ ...request }, send, {
        deadlineMs: this.transport.deadlineMs,
        ...this.options.retry,
        onRetry: (info) => {
          trace?.(`retrying ${request.method} ${request.path} in ${info.delayMs}ms (attempt ${info.attempt} of ${info.attempts}): ${info.reason}`);
          this.options.retry?.onRetry?.(info);
        },
      });
    } catch (error) {
      throw error instanceof ApiError ? error.withOperation(operation) : error;
    }
  }
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

function header(response: TransportResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A 2xx whose body says `success: "false"` is a refusal all the same. Its kind comes from the
 * body's code; without one, a refused save is taken as refused input.
 */
function refusedInSuccess(json: unknown, context: { method: string; path: string; status: number; operation: string }): void {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return;
  const { success, message, code } = json as Record<string, unknown>;
  if (success !== 'false' && success !== false) return;
  const known = typeof code === 'string' ? kindForCode(code) : undefined;
  throw new ApiError({
    ...context,
    kind: known ?? (context.method === 'POST' ? 'invalidInput' : 'server'),
    code: typeof code === 'string' ? code : undefined,
    serverMessage: typeof message === 'string' ? message : 'the server answered success: false',
  });
}

function defaultFetchDirect(trace?: (line: string) => void, deadlineMs?: number): (url: URL, signal?: AbortSignal) => Promise<TransportResponse> {
  return async (url, signal) => {
    // Loaded only for documents stored elsewhere, so embedded mode never loads undici.
    const { createHttpTransport } = await import('./http-transport.js');
    const transport = createHttpTransport({ baseUrl: url.origin, maxRedirections: 5, trace, deadlineMs });
    try {
      return await transport.request({ method: 'GET', path: url.pathname + url.search, signal });
    } finally {
      await transport.close();
    }
  };
}

/** The kind an error body's code names (a too-large request is a bad one, as its status says). */
function kindForCode(code: string): ApiErrorKind | undefined {
  if (code === ErrorCodes.payloadTooLarge) return 'badRequest';
  return KIND_BY_CODE.get(code) as ApiErrorKind | undefined;
}
