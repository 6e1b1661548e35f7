/**
 * `POST /api/auth/login`: a local user's login name and password for a bearer token of that
 * user's role and company, valid for LOGIN_TOKEN_LIFETIME_MS. The answer has the fields the
 * browser and mobile apps of this interface read.
 */
import type { Store } from './open-db.js';
import type { Role } from '../../contract/enums.js';
import { decoyHash, verifyPassword } from '../../services/password-hash.js';
import { hashToken } from '../../services/token-hash.js';
import type { LoginResult } from '../access-store.js';
import { normaliseUsername } from '../../services/local-user-rules.js';
import { LOGIN_TOKEN_LIFETIME_MS, loginTokenName, newTokenText } from '../../services/access-rules.js';

/** The token and the user's details, or undefined when the name or the password is wrong. */
export async function logIn(store: Store, username: string, password: string, now = Date.now()): Promise<LoginResult | undefined> {
  const user = store.sqlite
    .prepare<[string], { id: number; company_id: number; name: string; role: Role; email: string | null; password_hash: string | null }>(
      'select id, company_id, name, role, email, password_hash from users where username = ?',
    )
    .get(normaliseUsername(username));
  // An unknown user costs as much time as a wrong password, so timing does not tell which names exist.
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (!user?.password_hash || !matches) return undefined;
  const token = newTokenText();
  const expiresAt = now + LOGIN_TOKEN_LIFETIME_MS;
  store.sqlite
    .prepare('insert into api_tokens (company_id, user_id, role, name, token_hash, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)')
    .run(user.company_id, user.id, user.role, loginTokenName(user.name), hashToken(token), now, expiresAt);
  return { token, name: user.name, userId: user.id, landlordId: null, companyId: user.company_id, email: user.email, expiresAt };
}
