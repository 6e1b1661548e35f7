/**
 * The local server: a fastify app over one store. Used two ways: `shopprop serve` listens on a
 * port (start.ts); embedded mode runs it in-process through `app.inject()` (embedded.ts), for
 * what its direct reads (direct-reads.ts) leave to it.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { PAGING_STYLE_HEADER } from '../contract/common.js';
import type { IssueDateWindow } from '../domain/issue-date-window.js';
import type { ShopStore } from '../store/shop-store.js';
import { AJV_OPTIONS } from './ajv-options.js';
import { installAuth } from './auth.js';
import { installHostCheck, publicOrigin } from './host.js';
import type { Principal } from './principal.js';
import { installCors } from './cors.js';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './error-handler.js';
import { installFiniteNumberCheck } from './finite-numbers.js';
import type { LoginLimits } from './login-limiter.js';
import { lazySchemaController, loadCompilersWhenNeeded } from './lazy-schema-compilers.js';
import { loginRoutes } from './routes/auth-login.js';
import { logoutRoutes } from './routes/auth-logout.js';
import { sessionRoutes } from './routes/auth-session.js';
import { mpesaC2bRoutes } from './routes/mpesa-c2b.js';
import { openApiRoutes } from './routes/openapi.js';
import { cashSaleRoutes } from './routes/cash-sales.js';
import { propertyReferenceRoutes } from './routes/property-reference.js';
import { propertyReportRoutes } from './routes/property-reports.js';
import { receiptSpecRoutes } from './routes/receipt-specs.js';
import { referenceDataRoutes } from './routes/reference-data.js';
import { salePaymentRoutes } from './routes/sale-payments.js';
import { unitLookupRoutes } from './routes/unit-lookup.js';

export interface AppOptions {
  store: ShopStore;
  /** Every request acts as this principal (embedded mode); otherwise bearer tokens are required. */
  embeddedPrincipal?: Principal;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** How long a save waits for the store's write lock before it answers 503 (milliseconds). */
  lockWaitMs?: number;
  /** The issue dates a save accepts (default: 2000-01-01 to a day ahead of the server's clock). */
  issueDateWindow?: IssueDateWindow;
  /** The origin links are built on (`serve --public-url`); else the request's checked Host. */
  publicUrl?: string;
  /** Options of the HTTP server itself (timeouts: see timeouts.ts); none for embedded mode. */
  serverOptions?: Partial<FastifyServerOptions>;
  /** Origins of browser apps allowed to call the server (CORS); none by default. */
  corsOrigins?: readonly string[];
  /** Failed logins allowed per name and address (tests shorten the window). */
  loginLimits?: LoginLimits;
  /** The clock of reports' current month, of document links' expiry and of a save's wait for the write lock (epoch ms); Date.now by default. */
  now?: () => number;
}

export interface AppContext {
  store: ShopStore;
  /** Signs and checks presigned document URLs. */
  signingKey: Buffer;
  /** How long a save waits for the store's write lock (undefined: the service's default). */
  lockWaitMs?: number;
  issueDateWindow?: IssueDateWindow;
  publicOrigin?: string;
  /** Epoch milliseconds: the current month of a report, a document link's expiry. */
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}

export const DEFAULT_BODY_LIMIT = 512 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // A store upgraded from an earlier version derives its ledger allocations again before any report.
  await options.store.rederivePendingLedgers();
  const linksOrigin = options.publicUrl === undefined ? undefined : publicOrigin(options.publicUrl);
  const app = Fastify({
    ...options.serverOptions,
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    ajv: AJV_OPTIONS,
    schemaController: lazySchemaController(),
    // Refusals made before the error handler runs answer with the same error body.
    frameworkErrors,
    clientErrorHandler,
  });
  const context: AppContext = {
    store: options.store,
    signingKey: await options.store.secret('document_signing_key'),
    lockWaitMs: options.lockWaitMs,
    issueDateWindow: options.issueDateWindow,
    publicOrigin: linksOrigin,
    now: options.now ?? Date.now,
  };
  app.decorate('context', context);
  installErrorHandler(app);
  loadCompilersWhenNeeded(app);
  installHostCheck(app);
  // Before the token check: a preflight carries no token.
  await installCors(app, options.corsOrigins ?? []);
  installAuth(app, options.store, options.embeddedPrincipal);
  installFiniteNumberCheck(app);
  // `start` is a record offset here; said on every reply so that no client has to guess.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(PAGING_STYLE_HEADER, 'offset');
    done();
  });
  await app.register(cashSaleRoutes);
  await app.register(receiptSpecRoutes);
  await app.register(referenceDataRoutes);
  await app.register(salePaymentRoutes);
  await app.register(unitLookupRoutes);
  await app.register(propertyReportRoutes);
  await app.register(propertyReferenceRoutes);
  await app.register(loginRoutes, { limits: options.loginLimits });
  await app.register(logoutRoutes);
  await app.register(sessionRoutes);
  await app.register(mpesaC2bRoutes);
  await app.register(openApiRoutes);
  await app.ready();
  return app;
}
