/** The client's public API: typed calls, transports, paging and errors. */
export { ShopClient, type Page, type SaveOptions, type ShopClientOptions } from './client.js';
export { routeDocument, type DocumentRoute, type TransportLocation } from './document-route.js';
export {
  ApiError,
  kindForStatus,
  UsageError,
  type ApiErrorInit,
  type ApiErrorKind,
} from './errors.js';
export type { HttpTransport, HttpTransportOptions } from './http-transport.js';
export { openHttpTransport } from './open-http-transport.js';
export {
  walkPageLists,
  walkPages,
  type PageOf,
  type PagingStyle,
  type WalkEndReason,
  type WalkOptions,
  type WalkSummary,
} from './paging.js';
export { checkBody, checkQuery } from './request-check.js';
export { isRepeatable, isRetryableStatus, sendWithRetry, type RetryInfo, type RetryOptions } from './retry.js';
export type { QueryValue, Transport, TransportRequest, TransportResponse } from './transport.js';
export { lenientSchema, validateResponse, type Loose } from './validate.js';
