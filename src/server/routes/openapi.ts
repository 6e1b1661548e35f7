/**
 * `GET /api/openapi.json` (the interface as OpenAPI 3.1) and `GET /api/docs` (the same, as a
 * page to read). Public: a description of the interface holds no data. Built on first request,
 * so start-up does not pay for it.
 */
import type { FastifyInstance } from 'fastify';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let document: Promise<Record<string, unknown>> | undefined;
  const load = () =>
    (document ??= import('../../contract/openapi.js').then((m) => m.openApiDocument(typeof __SHOPPROP_VERSION__ === 'string' ? __SHOPPROP_VERSION__ : '0.0.0')));
  app.get(OPENAPI_PATH, { config: { public: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(await load())));
  app.get(DOCS_PATH, { config: { public: true } }, async (_request, reply) => {
    const { docsPage } = await import('./openapi-page.js');
    return reply.type('text/html; charset=utf-8').send(docsPage(await load()));
  });
}
