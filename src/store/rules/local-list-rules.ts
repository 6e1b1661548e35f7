/** The words of `local list` every store shares. */
import { notFoundError, type ServiceError } from './service-error.js';

/** A company not in the store is "not found", never an empty list that reads as "none yet". */
export const noCompanyForList = (companyId: number): ServiceError => notFoundError(`no company ${companyId} in the local store`);
