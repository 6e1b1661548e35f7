/**
 * A serialised unit by IMEI or serial number, sold or not, from the local server
 * (GET /api/local/unit-lookup); undefined from a server without the endpoint.
 */
import { UNIT_LOOKUP_PATH, UnitLookupResponse, type LookedUpUnit } from '../contract/unit-lookup.js';
import { getLocal, type LocalEndpointTarget } from './local-endpoint.js';

export async function lookUpUnit(target: LocalEndpointTarget, companyId: number, identifier: string): Promise<LookedUpUnit[] | undefined> {
  const reply = await getLocal(target, {
    path: UNIT_LOOKUP_PATH,
    query: { companyId, identifier: identifier.trim() },
    operation: 'unit lookup',
    schema: UnitLookupResponse,
  });
  return reply?.list;
}
