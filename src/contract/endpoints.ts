/**
 * The eight endpoints of the interface: method, path, request schema, response schema and
 * accepted parameter shapes. The server registers its routes from this table, the client
 * builds requests from it, and the tests read it.
 */
import type { TSchema } from '@sinclair/typebox';
import { CashSaleListQuery, CashSaleListResponse, SaleItemListQuery, SaleItemListResponse, SaveCashSaleBody, SaveCashSaleResponse } from './cash-sale.js';
import { PaidBalanceQuery, PaidBalanceResponse } from './paid-balance.js';
import { PayAdvice, PayAdviceQuery } from './pay-advice.js';
import type { ParameterShape } from './parameter-shapes.js';
import { ReceiptSpecsQuery, ReceiptSpecsResponse } from './receipt.js';
import { StatementPdfQuery, StatementPdfResponse, StatementsQuery, StatementsResponse } from './statement.js';

export interface EndpointDefinition {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Query schema (GET) or body schema (POST). */
  readonly request: TSchema;
  readonly response: TSchema;
  /** Accepted parameter combinations; absent when any combination of the schema's fields goes. */
  readonly shapes?: readonly ParameterShape[];
  /** What the endpoint is, for help text and error messages. */
  readonly title: string;
}

const MONTH_YEAR = ['month', 'year'] as const;

export const endpoints = {
  listCashSales: {
    method: 'GET',
    path: '/api/inventorycashsale/list',
    request: CashSaleListQuery,
    response: CashSaleListResponse,
    shapes: [
      { required: ['companyId'] },
      { required: ['retailShopId'] },
      { required: ['salesPersonId'] },
      { required: ['companyId', 'start', 'limit'], optional: ['afterDate', 'afterId'] },
    ],
    title: 'cash sale list',
  },
  listSaleItems: {
    method: 'GET',
    path: '/api/inventorycashsale/list_sale_items',
    request: SaleItemListQuery,
    response: SaleItemListResponse,
    title: 'sale item list',
  },
  listReceiptSpecs: {
    method: 'GET',
    path: '/api/itemcatalogspecs/list_for_receipt',
    request: ReceiptSpecsQuery,
    response: ReceiptSpecsResponse,
    shapes: [{ required: ['companyId'] }, { required: ['companyId', 'start', 'limit'], optional: ['afterId'] }],
    title: 'item specifics for receipts',
  },
  saveCashSale: {
    method: 'POST',
    path: '/api/inventorycashsale/save',
    request: SaveCashSaleBody,
    response: SaveCashSaleResponse,
    title: 'cash sale save',
  },
  paidBalance: {
    method: 'GET',
    path: '/api/propertystmt/paidbalance',
    request: PaidBalanceQuery,
    response: PaidBalanceResponse,
    shapes: [
      { required: ['companyId', 'zoneId'], optional: MONTH_YEAR },
      { required: ['companyId', 'fieldOfficerId'], optional: MONTH_YEAR },
      { required: ['companyId', 'propertyId'], optional: MONTH_YEAR },
      { required: ['companyId', 'zoneId', 'fieldOfficerId'], optional: MONTH_YEAR },
    ],
    title: 'tenant paid and balance',
  },
  payAdvice: {
    method: 'GET',
    path: '/api/propertystmt/payadvice',
    request: PayAdviceQuery,
    response: PayAdvice,
    title: 'landlord pay advice',
  },
  statements: {
    method: 'GET',
    path: '/api/propertystmt/statements',
    request: StatementsQuery,
    response: StatementsResponse,
    title: 'landlord statements',
  },
  statementPdf: {
    method: 'GET',
    path: '/api/propertystmt/statementpdf',
    request: StatementPdfQuery,
    response: StatementPdfResponse,
    title: 'statement document link',
  },
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof endpoints;
