/**
 * How many failed log-ins are allowed: 5 per login name and 20 per client address in 15
 * minutes. Past them further attempts are refused (429, Retry-After) without checking the
 * password, the right one included: a throttled name or address learns nothing by trying it.
 * Counted in the store (units/login-attempts.ts), so every instance on one database counts alike.
 */
import type { LoginLimits } from '../store/access-store.js';

export type { LoginLimits };

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60 * 1000, perUsername: 5, perAddress: 20 };
