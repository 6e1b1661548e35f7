/**
 * GET /api/local/property-reference?companyId=N: the company's zones, field officers, landlords
 * and properties, so that a prompt can offer a list to pick from instead of asking for an id.
 * Local to this server: the interface has no such endpoint. The reports' roles read it.
 */
import type { FastifyInstance } from 'fastify';
import { PROPERTY_REFERENCE_PATH, PropertyReference, PropertyReferenceQuery } from '../../contract/property-reference.js';
import { refuseOtherCompany, requireRole } from '../auth.js';

export async function propertyReferenceRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;
  app.get<{ Querystring: PropertyReferenceQuery }>(
    PROPERTY_REFERENCE_PATH,
    { schema: { querystring: PropertyReferenceQuery, response: { 200: PropertyReference } } },
    async (request) => {
      requireRole(request, ['accountant']);
      const { companyId } = request.query;
      await refuseOtherCompany(request, companyId);
      return store.propertyReference(companyId);
    },
  );
}
