/**
 * The local server's reference data (GET /api/local/reference-data), outside the interface.
 * Another server of the interface does not have it: that answer is `undefined`, so a caller
 * can fall back to asking for ids.
 */
import { REFERENCE_DATA_PATH, ReferenceData } from '../contract/reference-data.js';
import { getLocal, type LocalEndpointTarget } from './local-endpoint.js';

export type ReferenceDataTarget = LocalEndpointTarget;

export async function fetchReferenceData(
  target: ReferenceDataTarget,
  companyId: number,
  options: { unitIds?: readonly number[] } = {},
): Promise<ReferenceData | undefined> {
  const unitIds = options.unitIds?.length ? [...new Set(options.unitIds)].join(',') : undefined;
  return getLocal(target, { path: REFERENCE_DATA_PATH, query: { companyId, unitIds }, operation: 'reference data', schema: ReferenceData });
}
