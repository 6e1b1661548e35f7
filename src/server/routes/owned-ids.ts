/**
 * The company check of an id a request names, the same for every route: an id of nobody is 404;
 * an id of another company than the caller's, or than the company the request names, is 403.
 */
import { refuseOtherCompany, type Caller } from '../auth.js';
import { KnownError } from '../../contract/error-kinds.js';
import type { OwnedTable } from '../../store/shop-store.js';

/** What a person calls a row of each table, for a message naming an id nothing has. */
const OWNED_NOUNS: Record<OwnedTable, string> = {
  retail_shops: 'shop',
  warehouses: 'warehouse',
  users: 'user',
  cashbooks: 'cashbook',
  tax_rates: 'tax rate',
  payment_channels: 'payment channel',
  item_specs: 'serialised unit',
  cash_sales: 'sale',
  units: 'unit',
  tenants: 'tenant',
  tenancies: 'tenancy',
  item_products: 'product',
  item_categories: 'category',
  zones: 'zone',
  field_officers: 'field officer',
  properties: 'property',
  landlords: 'landlord',
  services: 'service',
  statements: 'statement',
};

/** The owning company of the id (parameter `param`), after the checks; undefined when no id was given. */
export async function requireOwned(request: Caller, param: string, table: OwnedTable, id: number | undefined, companyId?: number): Promise<number | undefined> {
  if (id === undefined) return undefined;
  const owner = await request.server.context.store.ownerOf(table, id);
  if (owner === undefined)
    throw new KnownError('notFound', `no ${OWNED_NOUNS[table]} ${id}${companyId === undefined ? '' : ` in company ${companyId}`} (${param})`);
  await refuseOtherCompany(request, owner);
  if (companyId !== undefined && owner !== companyId) throw new KnownError('forbidden', `${param} ${id} is not of company ${companyId}`);
  return owner;
}
