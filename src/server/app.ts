/**
 * The local server: a fastify app over one store. Used two ways: `shopprop serve` listens on a
 * port (start.ts); embedded mode runs it in-process through `app.inject()` (embedded.ts).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Store } from '../store/open-db.js';
import { getOrCreateSecret } from '../store/store-settings.repository.js';
import { installAuth, type Principal } from './auth.js';
import { installErrorHandler } from './error-handler.js';
import { cashSaleRoutes } from './routes/cash-sales.js';
import { propertyReportRoutes } from './routes/property-reports.js';
import { receiptSpecRoutes } from './routes/receipt-specs.js';

export interface AppOptions {
  store: Store;
  /** Every request acts as this principal (embedded mode); otherwise bearer tokens are required. */
  embeddedPrincipal?: Principal;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
}

export interface AppContext {
  store: Store;
  /** Signs and checks presigned document URLs. */
  signingKey: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}

export const DEFAULT_BODY_LIMIT = 512 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
  });
  const context: AppContext = { store: options.store, signingKey: getOrCreateSecret(options.store, 'document_signing_key') };
  app.decorate('context', context);
  installErrorHandler(app);
  installAuth(app, options.store, options.embeddedPrincipal);
  await app.register(cashSaleRoutes);
  await app.register(receiptSpecRoutes);
  await app.register(propertyReportRoutes);
  await app.ready();
  return app;
}
