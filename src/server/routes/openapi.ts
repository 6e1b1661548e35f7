/**
 * `GET /api/openapi.json` (the interface as OpenAPI 3.1) and `GET /api/docs` (the same, as a
 * page to read and try, openapi-docs.ts). Public: a description of the interface holds no data.
 * Both are built on first request, so start-up does not pay for them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Headers of the page's own answers that are not about the content. */
const HOP_BY_HOP = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let document: Promise<Record<string, unknown>> | undefined;
  const load = () =>
    (document ??= import('../../contract/openapi.js').then((m) =>
      m.openApiDocument(typeof __SHOPPROP_VERSION__ === 'string' ? __SHOPPROP_VERSION__ : '0.0.0'),
    ));
  app.get(OPENAPI_PATH, { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(await load())),
  );

  let docsApp: Promise<FastifyInstance> | undefined;
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    docsApp ??= Promise.all([import('./openapi-docs.js'), load()]).then(([m, openApi]) => m.buildDocsApp(DOCS_PATH, openApi));
    const { host: _host, ...headers } = request.headers;
    const answer = await (await docsApp).inject({ method: 'GET', url: request.url, headers });
    // Not a file of the page: the server's own 404, in its error body.
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  app.get(DOCS_PATH, { config: { public: true } }, page);
  app.get(`${DOCS_PATH}/*`, { config: { public: true } }, page);
}
