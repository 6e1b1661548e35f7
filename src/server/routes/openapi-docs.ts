/**
 * The API page: Swagger UI (@fastify/swagger-ui, its scripts and styles served from the package,
 * so it works with no internet) over the same OpenAPI document as /api/openapi.json. It is an app
 * of its own, built on the first request for the page, so that no start of the server or of a
 * command pays for loading it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { lazySchemaController } from '../lazy-schema-compilers.js';

export async function buildDocsApp(prefix: string, document: Record<string, unknown>): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  const docs = Fastify({ logger: false, schemaController: lazySchemaController() });
  await docs.register(swagger, { mode: 'static', specification: { document: document as never } });
  await docs.register(swaggerUi, {
    routePrefix: prefix,
    theme: { title: String((document.info as { title?: unknown } | undefined)?.title ?? 'API') },
    // Operations open at their summaries; a token typed into Authorize is sent by "Try it out".
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
    // The package's own policy (hashes of its inline code), less upgrade-insecure-requests:
    // the bundled server is often plain HTTP on a shop's own network, where that rule breaks every asset.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  await docs.ready();
  return docs;
}
