/**
 * GET /api/local/reference-data?companyId=N[&unitIds=1,2]: the company's shops, cashbooks, sales
 * persons, payment channels, tax rates and products sold by quantity, for composing a sale at a
 * terminal. Local to this server: the interface has no such endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_REFERENCE_UNIT_IDS, REFERENCE_DATA_PATH, ReferenceData, ReferenceDataQuery } from '../../contract/reference-data.js';
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
      await refuseOtherCompany(request, companyId);
      const ids = unitIds ? unitIds.split(',').map(Number) : [];
      if (ids.length > MAX_REFERENCE_UNIT_IDS) throw new KnownError('badRequest', `unitIds: at most ${MAX_REFERENCE_UNIT_IDS} ids (got ${ids.length})`);
      const data = await store.referenceData(companyId, ids);
      if (!data) throw new KnownError('notFound', `companyId: no company ${companyId}`);
      return data;
    },
  );
}
