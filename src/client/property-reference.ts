/**
 * The local server's zones, field officers, landlords and properties
 * (GET /api/local/property-reference), outside the interface. Another server of the interface
 * does not have it: that answer is `undefined`, so a prompt falls back to asking for an id.
 */
import { PROPERTY_REFERENCE_PATH, PropertyReference } from '../contract/property-reference.js';
import { getLocal, type LocalEndpointTarget } from './local-endpoint.js';

export async function fetchPropertyReference(target: LocalEndpointTarget, companyId: number): Promise<PropertyReference | undefined> {
  return getLocal(target, { path: PROPERTY_REFERENCE_PATH, query: { companyId }, operation: 'property reference', schema: PropertyReference });
}
