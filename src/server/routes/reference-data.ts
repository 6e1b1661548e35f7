/**
 * GET /api/local/reference-data?companyId=N[&unitIds=1,2]: the company's shops, cashbooks, sales
 * persons, payment channels, tax rates and products sold by quantity, for composing a sale at a
 * terminal. Local to this server: the interface has no such endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_REFERENCE_UNIT_IDS, REFERENCE_DATA_PATH, ReferenceData, ReferenceDataQuery } from '../../contract/reference-data.js';
import {
  referenceCashbooks,
  referenceCompany,
  referencePaymentChannels,
  referenceProducts,
  referenceShops,
  referenceTaxRates,
  referenceUnits,
  referenceUsers,
} from '../../store/reference-data.repository.js';
import { refuseOtherCompany, requireRole } from '../auth.js';
import { KnownError } from '../../contract/error-kinds.js';

export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;
  app.get<{ Querystring: ReferenceDataQuery }>(
    REFERENCE_DATA_PATH,
    { schema: { querystring: ReferenceDataQuery, response: { 200: ReferenceData } } },
    async (request) => {
      requireRole(request, ['cashier', 'accountant']);
      const { companyId, unitIds } = request.query;
      refuseOtherCompany(request, companyId);
      const ids = unitIds ? unitIds.split(',').map(Number) : [];
      if (ids.length > MAX_REFERENCE_UNIT_IDS) throw new KnownError('badRequest', `unitIds: at most ${MAX_REFERENCE_UNIT_IDS} ids (got ${ids.length})`);
      const company = referenceCompany(store, companyId);
      if (!company) throw new KnownError('notFound', `companyId: no company ${companyId}`);
      // One read transaction, so the lists agree with each other.
      return store.sqlite.transaction(() => ({
        company,
        shops: referenceShops(store, companyId),
        cashbooks: referenceCashbooks(store, companyId),
        users: referenceUsers(store, companyId),
        paymentChannels: referencePaymentChannels(store, companyId),
        taxRates: referenceTaxRates(store, companyId),
        products: referenceProducts(store, companyId),
        units: referenceUnits(store, companyId, ids),
      }))();
    },
  );
}
