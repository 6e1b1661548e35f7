/**
 * The company check of ids a list request names: an unknown id is 404, another company's 403.
 */
import type { FastifyRequest } from 'fastify';
import type { Store } from '../../store/open-db.js';
import { companyOf, type OwnedKind } from '../../store/sales-reference.repository.js';
import { requireCompany } from '../auth.js';
import { forbidden, notFound } from '../http-errors.js';

/** The owning company of the id after checking the caller may see it. */
export function requireOwned(request: FastifyRequest, store: Store, field: string, kind: OwnedKind, id: number, companyId?: number): number {
  const owner = companyOf(store, kind, id);
  if (owner === undefined) throw notFound(`${field}: no ${kind} ${id}`);
  requireCompany(request, owner);
  if (companyId !== undefined && owner !== companyId) throw forbidden(`${field} ${id} is not of company ${companyId}`);
  return owner;
}
