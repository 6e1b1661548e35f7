/**
 * The reads an embedded command makes most (a page of sales or sale lines, their payments),
 * answered by the routes' own functions without the fastify app: building the app, compiling
 * its schemas' validators and serializers and injecting into it were most of an embedded first
 * page's time (bench/README.md). A read is answered here only when the app would answer it 200
 * with these bytes: a GET of one of these paths, no header but Authorization (embedded mode acts
 * as its principal whatever the token), a plain query (plain-query.ts), and a handler that
 * refuses nothing. Anything else answers undefined, and the embedded transport hands the request
 * to the app, which makes every refusal and every other answer as over HTTP.
 */
import type { TObject } from '@sinclair/typebox';
import type { TransportRequest, TransportResponse } from '../client/transport.js';
import { NEXT_AFTER_HEADER, PAGING_STYLE_HEADER } from '../contract/common.js';
import { CashSaleListQuery, SaleItemListQuery } from '../contract/cash-sale.js';
import { endpoints } from '../contract/endpoints.js';
import { SALE_PAYMENTS_PATH, SalePaymentsQuery } from '../contract/sale-payments.js';
import type { Caller } from './auth.js';
import { plainQuery, type PlainQuery } from './plain-query.js';
import { cashSaleList, saleItemList } from './routes/cash-sales.js';
import { salePayments } from './routes/sale-payments.js';
import { envelopeBytes, JSON_CONTENT_TYPE } from './send-json.js';

interface Answer {
  body: Buffer;
  /** Where a list's page ended (X-Next-After). */
  nextAfter?: string;
}

interface DirectRead {
  query: TObject;
  answer(caller: Caller, query: PlainQuery): Promise<Answer>;
}

const envelope = (list: { count: number; list: readonly string[]; nextAfter?: string }): Answer => ({ body: envelopeBytes(list), nextAfter: list.nextAfter });

/** A read of a query of type Q: plainQuery gives values of the schema's types, which Q is. */
function read<Q>(query: TObject, answer: (caller: Caller, query: Q) => Promise<Answer>): DirectRead {
  return { query, answer: (caller, plain) => answer(caller, plain as Q) };
}

const READS: ReadonlyMap<string, DirectRead> = new Map([
  [endpoints.listCashSales.path, read(CashSaleListQuery, async (c, q: CashSaleListQuery) => envelope(await cashSaleList(c, q)))],
  [endpoints.listSaleItems.path, read(SaleItemListQuery, async (c, q: SaleItemListQuery) => envelope(await saleItemList(c, q)))],
  // The route sends it as JSON.stringify writes it (routes/sale-payments.ts).
  [SALE_PAYMENTS_PATH, read(SalePaymentsQuery, async (c, q: SalePaymentsQuery) => ({ body: Buffer.from(JSON.stringify(await salePayments(c, q))) }))],
]);

/** Headers a request may carry and still be read directly: the app reads no other header of these routes' requests in embedded mode. */
const IGNORED_HEADERS = new Set(['authorization']);

export type DirectReader = (request: TransportRequest) => Promise<TransportResponse | undefined>;

/** Answers the requests it can as the app would, for the caller; undefined for the app to answer. */
export function directReader(caller: Caller): DirectReader {
  return async (request) => {
    if (request.method !== 'GET' || request.body !== undefined) return undefined;
    const read = READS.get(request.path);
    if (!read) return undefined;
    for (const name of Object.keys(request.headers ?? {})) if (!IGNORED_HEADERS.has(name.toLowerCase())) return undefined;
    const query = plainQuery(read.query, request.query ?? {});
    if (!query) return undefined;
    let answer: Answer;
    try {
      answer = await read.answer(caller, query);
    } catch {
      // A refusal (or a busy store): the app runs the request again and answers it in its words.
      return undefined;
    }
    // As the app sends them: its hook's header first, then the route's, then the reply's own.
    const headers: TransportResponse['headers'] = { [PAGING_STYLE_HEADER]: 'offset' };
    if (answer.nextAfter !== undefined) headers[NEXT_AFTER_HEADER] = answer.nextAfter;
    headers['content-type'] = JSON_CONTENT_TYPE;
    headers['content-length'] = String(answer.body.length);
    headers.date = new Date().toUTCString();
    headers.connection = 'keep-alive';
    return { status: 200, headers, body: answer.body };
  };
}
