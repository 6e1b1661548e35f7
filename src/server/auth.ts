/**
 * Bearer-token authentication and the two checks every route makes: the caller's role allows
 * the operation, and every company it touches is the caller's own.
 */
import type { FastifyInstance } from 'fastify';
import type { Role } from '../contract/enums.js';
import type { ShopStore } from '../store/shop-store.js';
import type { Principal } from './principal.js';
import { KnownError } from '../contract/error-kinds.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** Routes that carry their own proof (a presigned URL) skip the bearer token. */
    public?: boolean;
  }
}

/**
 * Who asks, and the store asked: a fastify request is one, and so is an embedded direct read
 * (direct-reads.ts), which runs a route's handler without the app.
 */
export interface Caller {
  readonly principal: Principal;
  readonly server: { readonly context: { readonly store: ShopStore } };
}

export function installAuth(app: FastifyInstance, store: ShopStore, embeddedPrincipal?: Principal): void {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    if (embeddedPrincipal) {
      request.principal = embeddedPrincipal;
      return;
    }
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      throw new KnownError('auth', 'missing bearer token: send "Authorization: Bearer <token>" (create one with `shopprop local token create`)');
    }
    // The app's clock decides a token's expiry, as it does a document link's.
    const principal = await store.tokenUser(token, request.server.context.now());
    if (!principal) throw new KnownError('auth', 'invalid, revoked or expired token');
    request.principal = principal;
  });
}

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Refuses (403) a caller whose role is not among the allowed ones; admin may do everything. */
export function requireRole(request: Caller, allowed: readonly Role[]): void {
  const { role } = request.principal;
  if (role !== 'admin' && !allowed.includes(role)) {
    throw new KnownError('forbidden', `the ${role} role may not use this operation (allowed: ${[...allowed, 'admin'].join(', ')})`);
  }
}

/**
 * Refuses access to another company's data (403), and to a company that does not exist (404):
 * an unknown company is "not found", never an empty list that reads as "no sales". A token of
 * one company is refused any other (403) whether or not it exists, so it learns nothing of
 * other companies. Use for companyId and for every id that belongs to a company.
 */
export async function refuseOtherCompany(request: Caller, companyId: number): Promise<void> {
  const own = request.principal.companyId;
  if (own === null) {
    if (!(await request.server.context.store.companyExists(companyId))) throw new KnownError('notFound', `companyId: no company ${companyId}`);
  } else if (own !== companyId) {
    throw new KnownError('forbidden', `company ${companyId} is not the company of this token`);
  }
}
