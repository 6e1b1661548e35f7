/**
 * GET /api/local/sale-payments?companyId=N&saleIds=1,2: how each of the given sales was paid
 * (channel, method, reference, amount, cash tendered and change). Local to this server: the
 * interface's sale record names one payment method only.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_SALE_PAYMENT_IDS, SALE_PAYMENTS_PATH, SalePaymentsQuery, SalePaymentsResponse } from '../../contract/sale-payments.js';
import { KnownError } from '../../contract/error-kinds.js';
import { refuseOtherCompany, requireRole, type Caller } from '../auth.js';
import { sendJson } from '../send-json.js';

export async function salePaymentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SalePaymentsQuery }>(
    SALE_PAYMENTS_PATH,
    { schema: { querystring: SalePaymentsQuery, response: { 200: SalePaymentsResponse } } },
    // Sent as JSON.stringify writes it (the records are built field for field to the contract),
    // so the embedded transport's direct read sends the same bytes without a serializer.
    async (request, reply) => sendJson(reply, await salePayments(request, request.query)),
  );
}

/** The payments of the sales asked for, after the caller's checks. */
export async function salePayments(request: Caller, query: SalePaymentsQuery): Promise<SalePaymentsResponse> {
  requireRole(request, ['cashier', 'accountant']);
  const { companyId, saleIds } = query;
  await refuseOtherCompany(request, companyId);
  const ids = saleIds.split(',').map(Number);
  if (ids.length > MAX_SALE_PAYMENT_IDS) throw new KnownError('badRequest', `saleIds: at most ${MAX_SALE_PAYMENT_IDS} ids (got ${ids.length})`);
  return { list: await request.server.context.store.salePayments(companyId, ids) };
}
