/**
 * The company check of an id a request names, the same for every route: an id of nobody is 404;
 * an id of another company than the caller's, or than the company the request names, is 403.
 */
import type { FastifyRequest } from 'fastify';
import { refuseOtherCompany } from '../auth.js';
import { KnownError } from '../../contract/error-kinds.js';
import type { OwnedTable } from '../../store/shop-store.js';

/** The owning company of the id (parameter `param`), after the checks; undefined when no id was given. */
export async function requireOwned(
  request: FastifyRequest,
  param: string,
  table: OwnedTable,
  id: number | undefined,
  companyId?: number,
): Promise<number | undefined> {
  if (id === undefined) return undefined;
  const owner = await request.server.context.store.ownerOf(table, id);
  if (owner === undefined) throw new KnownError('notFound', `${param}: nothing has the id ${id}`);
  await refuseOtherCompany(request, owner);
  if (companyId !== undefined && owner !== companyId) throw new KnownError('forbidden', `${param} ${id} is not of company ${companyId}`);
  return owner;
}
