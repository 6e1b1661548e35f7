/**
 * The company check of an id a request names, the same for every route: an id of nobody is 404;
 * an id of another company than the caller's, or than the company the request names, is 403.
 */
import type { FastifyRequest } from 'fastify';
import type { Store } from '../../store/open-db.js';
import { ownerOf, type OwnedTable } from '../../store/row-owner.repository.js';
import { refuseOtherCompany } from '../auth.js';
import { KnownError } from '../../contract/error-kinds.js';

/** The owning company of the id (parameter `param`), after the checks; undefined when no id was given. */
export function requireOwned(
  request: FastifyRequest,
  store: Store,
  param: string,
  table: OwnedTable,
  id: number | undefined,
  companyId?: number,
): number | undefined {
  if (id === undefined) return undefined;
  const owner = ownerOf(store, table, id);
  if (owner === undefined) throw new KnownError('notFound', `${param}: nothing has the id ${id}`);
  refuseOtherCompany(request, owner);
  if (companyId !== undefined && owner !== companyId) throw new KnownError('forbidden', `${param} ${id} is not of company ${companyId}`);
  return owner;
}
