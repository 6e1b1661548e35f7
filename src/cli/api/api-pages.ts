/**
 * `shopprop api --paginate`: a list answered as `{count, list}` read page by page with the walk
 * the tool's own `--all` uses (client/paging.ts), so each record comes once even while the list
 * moves; the cash sale list is walked as `sale list --all` walks it.
 */
import type { RawRequest, ShopClient } from '../../client/client.js';
import type { FetchPage, PageOf, PagingStyle, WalkOptions } from '../../client/paging.js';
import type { QueryValue, TransportResponse } from '../../client/transport.js';
import { cashSaleListKey, isCashSaleRecord } from '../../contract/cash-sale.js';
import { afterParameters, MAX_PAGE_SIZE, NEXT_AFTER_HEADER, NEXT_AFTER_TEXT, PAGING_STYLE_HEADER } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import { KnownError } from '../../contract/error-kinds.js';
import { CliUsageError } from '../usage-error.js';

export interface ApiPaging {
  fetchPage: FetchPage<object>;
  pageSize: number;
  start: number;
  /** How records are told apart and counted, where the path is one of the interface's lists. */
  walk: Pick<WalkOptions<object>, 'identity' | 'counts'>;
  /** The first page's answer, for -i. */
  firstResponse(): TransportResponse | undefined;
}

export function apiPaging(client: ShopClient, request: RawRequest & { query: Record<string, QueryValue> }): ApiPaging {
  if (request.method !== 'GET') throw new CliUsageError(`--paginate reads a list: it needs GET, not ${request.method}`);
  const { start, limit, ...query } = request.query;
  const pageSize = wholeNumber(limit, 'limit') ?? MAX_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw new CliUsageError(`limit must be from 1 to ${MAX_PAGE_SIZE} to page through a list (got ${pageSize})`);
  let first: TransportResponse | undefined;
  const fetchPage: FetchPage<object> = async (at, size, after) => {
    const response = await client.raw({ ...request, query: { ...query, start: at, limit: size, ...afterParameters(after) } });
    first ??= response;
    return pageOf(response, request.path);
  };
  const sales = request.path === endpoints.listCashSales.path;
  return {
    fetchPage,
    pageSize,
    start: wholeNumber(start, 'start') ?? 0,
    // Sale lines mixed into the sale list share ids with sales, and are not counted as sales.
    walk: sales ? { identity: cashSaleListKey, counts: isCashSaleRecord } : {},
    firstResponse: () => first,
  };
}

function wholeNumber(value: QueryValue, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new CliUsageError(`-F ${name}=${String(value)}: expected a whole number`);
  return number;
}

function pageOf(response: TransportResponse, path: string): PageOf<object> {
  let json: unknown;
  try {
    json = JSON.parse(response.body.toString('utf8'));
  } catch {
    json = undefined;
  }
  const page = json as { count?: unknown; list?: unknown } | undefined;
  if (page === null || typeof page !== 'object' || typeof page.count !== 'number' || !Array.isArray(page.list)) {
    throw new KnownError(
      'invalidResponse',
      `GET ${path} did not answer a list as {count, list}, so --paginate cannot page through it; leave --paginate out to see the answer`,
    );
  }
  const nextAfter = header(response, NEXT_AFTER_HEADER);
  const style = header(response, PAGING_STYLE_HEADER);
  return {
    count: page.count,
    list: page.list as object[],
    ...(nextAfter !== undefined && NEXT_AFTER_TEXT.test(nextAfter) ? { nextAfter } : {}),
    ...(style === 'offset' || style === 'page' ? { pagingStyle: style as PagingStyle } : {}),
  };
}

export function header(response: TransportResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
