/** Reads of the API tokens a request's bearer token is checked against. */
import type { Role } from '../../contract/enums.js';
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';

export interface LiveToken {
  company_id: number;
  user_id: number;
  role: Role;
  /** The user's name. */
  name: string;
  /** When the token stops working (ms); null: never. */
  expires_at: number | null;
}

/** The token of this hash and its user, unless revoked (expiry is the caller's check: it moves with the clock). */
export function unrevokedTokenByHash(store: Store, tokenHash: string): LiveToken | undefined {
  return prepared<[string], LiveToken>(
    store,
    `select t.company_id, t.user_id, t.role, u.name, t.expires_at
       from api_tokens t join users u on u.id = t.user_id
      where t.token_hash = ? and t.revoked_at is null`,
  ).get(tokenHash);
}
