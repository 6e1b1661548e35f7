/**
 * The cash sale list (4.1), the sale item list (4.2) and the save (4.4). Schemas come from the
 * contract. The lists' records come from the store as JSON texts with exactly the contract's
 * fields, so a reply is joined from them and sent as bytes (no object built, no serializer
 * run); their response schemas document that shape.
 */
import type { FastifyInstance } from 'fastify';
import {
  CashSaleListQuery,
  CashSaleRecord,
  IDEMPOTENCY_HEADER,
  SaleItemListQuery,
  SaleItemListResponse,
  SaveCashSaleBody,
  SaveCashSaleResponse,
} from '../../contract/cash-sale.js';
import { Envelope } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import { refuseOtherCompany, requireRole, type Caller } from '../auth.js';
import type { JsonEnvelope } from '../../store/sales-store.js';
import { checkShapes } from '../parameter-check.js';
import { sendJsonEnvelope } from '../send-json.js';
import { requireOwned } from './owned-ids.js';

const CashSaleOnlyListResponse = Envelope(CashSaleRecord);

/** A page (or a shop's or sales person's whole list) of cash sales, after the caller's checks. */
export async function cashSaleList(request: Caller, query: CashSaleListQuery): Promise<JsonEnvelope> {
  requireRole(request, ['cashier', 'accountant']);
  checkShapes(endpoints.listCashSales, query);
  let ownerCompanyId = query.companyId;
  if (query.companyId !== undefined) await refuseOtherCompany(request, query.companyId);
  if (query.retailShopId !== undefined) ownerCompanyId = await requireOwned(request, 'retailShopId', 'retail_shops', query.retailShopId);
  if (query.salesPersonId !== undefined) ownerCompanyId = await requireOwned(request, 'salesPersonId', 'users', query.salesPersonId);
  return request.server.context.store.listCashSales({ ...query, ownerCompanyId });
}

/** A page of sale lines, after the caller's checks. */
export async function saleItemList(request: Caller, query: SaleItemListQuery): Promise<JsonEnvelope> {
  requireRole(request, ['cashier', 'accountant']);
  await refuseOtherCompany(request, query.companyId);
  await requireOwned(request, 'retailShopId', 'retail_shops', query.retailShopId, query.companyId);
  await requireOwned(request, 'salesPersonId', 'users', query.salesPersonId, query.companyId);
  await requireOwned(request, 'itemId', 'item_products', query.itemId, query.companyId);
  await requireOwned(request, 'itemCategoryId', 'item_categories', query.itemCategoryId, query.companyId);
  return request.server.context.store.listSaleItems(query);
}

export async function cashSaleRoutes(app: FastifyInstance): Promise<void> {
  const { store, lockWaitMs, issueDateWindow, now } = app.context;

  app.get<{ Querystring: CashSaleListQuery }>(
    endpoints.listCashSales.path,
    { schema: { querystring: CashSaleListQuery, response: { 200: CashSaleOnlyListResponse } } },
    async (request, reply) => sendJsonEnvelope(reply, await cashSaleList(request, request.query)),
  );

  app.get<{ Querystring: SaleItemListQuery }>(
    endpoints.listSaleItems.path,
    { schema: { querystring: SaleItemListQuery, response: { 200: SaleItemListResponse } } },
    async (request, reply) => sendJsonEnvelope(reply, await saleItemList(request, request.query)),
  );

  app.post<{ Body: SaveCashSaleBody }>(
    endpoints.saveCashSale.path,
    { schema: { body: SaveCashSaleBody, response: { 200: SaveCashSaleResponse } }, config: { refusedInputKind: 'invalidInput' } },
    async (request, reply) => {
      requireRole(request, ['cashier']);
      await refuseOtherCompany(request, request.body.companyId);
      const header = request.headers[IDEMPOTENCY_HEADER];
      const idempotencyKey = Array.isArray(header) ? header[0] : header;
      // Answered once the sale is durable (on SQLite: once its group is committed, sale-group-commit.ts).
      const result = await store.saveCashSale(
        { body: request.body, idempotencyKey, callerCompanyId: request.principal.companyId, issueDateWindow },
        { lockWaitMs, now },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return { success: 'true', message: 'saved', id: result.id, receiptNo: result.receiptNo };
    },
  );
}
