/**
 * Property-management reports (interface 4.5 to 4.8) and the presigned statement document.
 * Routes stay thin: check the role, the parameter shapes and that every id touched is the
 * caller's company's, then hand over to the store.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.js';
import type { PaidBalanceQuery } from '../../contract/paid-balance.js';
import type { PayAdviceQuery } from '../../contract/pay-advice.js';
import { STATEMENT_DOCUMENT_PATH, StatementDocumentQuery, type StatementPdfQuery, type StatementsQuery } from '../../contract/statement.js';
import { refuseOtherCompany, requireRole } from '../auth.js';
import { checkShapes } from '../parameter-check.js';
import { sendJson } from '../send-json.js';
import { renderStatementPdf } from '../pdf/statement-pdf.js';
import { requireOwned } from './owned-ids.js';
import { linkOrigin } from '../host.js';
import { KnownError } from '../../contract/error-kinds.js';
import { checkDocumentLink, statementDocumentUrl } from '../statement-document-link.js';

const REPORT_ROLES = ['accountant'] as const;

export async function propertyReportRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.context;

  app.get(
    endpoints.paidBalance.path,
    { schema: { querystring: endpoints.paidBalance.request, response: { 200: endpoints.paidBalance.response } } },
    async (request, reply) => {
      requireRole(request, REPORT_ROLES);
      const query = request.query as PaidBalanceQuery;
      checkShapes(endpoints.paidBalance, query as Record<string, unknown>);
      await refuseOtherCompany(request, query.companyId);
      await requireOwned(request, 'zoneId', 'zones', query.zoneId, query.companyId);
      await requireOwned(request, 'fieldOfficerId', 'field_officers', query.fieldOfficerId, query.companyId);
      await requireOwned(request, 'propertyId', 'properties', query.propertyId, query.companyId);
      const rows = await store.paidBalanceReport(query, app.context.now);
      // The rows are built field for field to the contract (toPaidBalanceRow; the client checks
      // them against it), so plain JSON is exact and ~10x faster than the schema serializer.
      return sendJson(reply, rows);
    },
  );

  app.get(
    endpoints.payAdvice.path,
    { schema: { querystring: endpoints.payAdvice.request, response: { 200: endpoints.payAdvice.response } } },
    async (request) => {
      requireRole(request, REPORT_ROLES);
      const query = request.query as PayAdviceQuery;
      await refuseOtherCompany(request, query.companyId);
      await requireOwned(request, 'propertyId', 'properties', query.propertyId, query.companyId);
      await requireOwned(request, 'srvcId', 'services', query.srvcId, query.companyId);
      return store.payAdviceReport(query, app.context.now);
    },
  );

  app.get(
    endpoints.statements.path,
    { schema: { querystring: endpoints.statements.request, response: { 200: endpoints.statements.response } } },
    async (request) => {
      requireRole(request, REPORT_ROLES);
      const query = request.query as StatementsQuery;
      await refuseOtherCompany(request, query.companyId);
      await requireOwned(request, 'landlordId', 'landlords', query.landlordId, query.companyId);
      await requireOwned(request, 'zoneId', 'zones', query.zoneId, query.companyId);
      return store.statementsReport(query);
    },
  );

  app.get(
    endpoints.statementPdf.path,
    { schema: { querystring: endpoints.statementPdf.request, response: { 200: endpoints.statementPdf.response } } },
    async (request) => {
      requireRole(request, REPORT_ROLES);
      const query = request.query as StatementPdfQuery;
      const companyId = (await requireOwned(request, 'statementId', 'statements', query.statementId))!;
      const origin = linkOrigin(request, app.context.publicOrigin);
      const url = statementDocumentUrl(origin, app.context.signingKey, { statementId: query.statementId, companyId }, app.context.now());
      return { success: 'true', message: url };
    },
  );

  // The presigned link carries its own proof (signature and expiry): no bearer token.
  app.get(STATEMENT_DOCUMENT_PATH, { config: { public: true }, schema: { querystring: StatementDocumentQuery } }, async (request, reply) => {
    const query = request.query as StatementDocumentQuery;
    const check = checkDocumentLink(app.context.signingKey, query, app.context.now());
    if (check === 'bad-signature') throw new KnownError('forbidden', 'invalid document link signature; ask for a new link with statementpdf');
    if (check === 'expired') throw new KnownError('auth', 'the document link has expired; ask for a new link with statementpdf');
    const document = await store.statementDocument(query.statementId, query.companyId);
    const pdf = await renderStatementPdf(document);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="statement-${query.statementId}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
