/** The item specifics for receipts (4.3): serialised units in stock. */
import type { FastifyInstance } from 'fastify';
import { NEXT_AFTER_HEADER } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import { ReceiptSpecsQuery, ReceiptSpecsResponse } from '../../contract/receipt.js';
import { refuseOtherCompany, requireRole } from '../auth.js';
import { checkShapes } from '../parameter-check.js';

export async function receiptSpecRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;
  app.get<{ Querystring: ReceiptSpecsQuery }>(
    endpoints.listReceiptSpecs.path,
    { schema: { querystring: ReceiptSpecsQuery, response: { 200: ReceiptSpecsResponse } } },
    async (request, reply) => {
      requireRole(request, ['cashier']);
      checkShapes(endpoints.listReceiptSpecs, request.query);
      await refuseOtherCompany(request, request.query.companyId);
      const { nextAfter, ...envelope } = await store.receiptSpecs(request.query);
      if (nextAfter !== undefined) reply.header(NEXT_AFTER_HEADER, nextAfter);
      return envelope;
    },
  );
}
