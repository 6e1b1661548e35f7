/**
 * GET /api/local/unit-lookup?companyId=N&identifier=352...: the company's serialised units with
 * that IMEI or serial number, sold or not, each with the sale that sold it. Local to this
 * server: the interface lists only units in stock.
 */
import type { FastifyInstance } from 'fastify';
import { UNIT_LOOKUP_PATH, UnitLookupQuery, UnitLookupResponse } from '../../contract/unit-lookup.js';
import { refuseOtherCompany, requireRole } from '../auth.js';

export async function unitLookupRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;
  app.get<{ Querystring: UnitLookupQuery }>(
    UNIT_LOOKUP_PATH,
    { schema: { querystring: UnitLookupQuery, response: { 200: UnitLookupResponse } } },
    async (request) => {
      requireRole(request, ['cashier', 'accountant']);
      const { companyId, identifier } = request.query;
      await refuseOtherCompany(request, companyId);
      return { list: await store.unitsByIdentifier(companyId, identifier) };
    },
  );
}
