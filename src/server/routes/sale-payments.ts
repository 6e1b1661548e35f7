/**
 * GET /api/local/sale-payments?companyId=N&saleIds=1,2: how each of the given sales was paid
 * (channel, method, reference, amount, cash tendered and change). Local to this server: the
 * interface's sale record names one payment method only.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_SALE_PAYMENT_IDS, SALE_PAYMENTS_PATH, SalePaymentsQuery, SalePaymentsResponse } from '../../contract/sale-payments.js';
import { KnownError } from '../../contract/error-kinds.js';
import { refuseOtherCompany, requireRole } from '../auth.js';

export async function salePaymentRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;
  app.get<{ Querystring: SalePaymentsQuery }>(
    SALE_PAYMENTS_PATH,
    { schema: { querystring: SalePaymentsQuery, response: { 200: SalePaymentsResponse } } },
    async (request) => {
      requireRole(request, ['cashier', 'accountant']);
      const { companyId, saleIds } = request.query;
      await refuseOtherCompany(request, companyId);
      const ids = saleIds.split(',').map(Number);
      if (ids.length > MAX_SALE_PAYMENT_IDS) throw new KnownError('badRequest', `saleIds: at most ${MAX_SALE_PAYMENT_IDS} ids (got ${ids.length})`);
      return { list: await store.salePayments(companyId, ids) };
    },
  );
}
