/** Who a request acts as: the user of its bearer token, or the local admin of an embedded store. */
import type { Role } from '../contract/enums.js';

export interface Principal {
  userId: number | null;
  /** The company the caller belongs to; null for the embedded local admin, who owns the file. */
  companyId: number | null;
  role: Role;
  name: string;
}

/** The embedded CLI acts as the local admin of the store it opened. */
export const LOCAL_ADMIN: Principal = { userId: null, companyId: null, role: 'admin', name: 'local admin' };
