/**
 * Users of the local store who log in with a password (`shopprop local user create|passwd`).
 * A login name is unique in the store (the login request names no company) and compared without
 * regard to case; the password is kept only as its scrypt hash.
 */
import type { Store } from './open-db.js';
import { hashPassword } from '../../services/password-hash.js';
import { countTokenWrite } from './token-service.js';
import { noCompanyForUser, noSuchUser, userNameTaken } from '../../services/access-rules.js';
import { checkedNewUser, checkPassword, normaliseUsername } from '../../services/local-user-rules.js';
import type { NewLocalUser } from '../access-store.js';

/** Creates a user who can log in; returns its id. */
export async function createLocalUser(store: Store, input: NewLocalUser): Promise<number> {
  const username = checkedNewUser(input.username, input.password);
  const passwordHash = await hashPassword(input.password);
  return store.sqlite.transaction(() => {
    if (!store.sqlite.prepare('select id from companies where id = ?').get(input.companyId)) {
      throw noCompanyForUser(input.companyId);
    }
    if (store.sqlite.prepare('select id from users where username = ?').get(username)) {
      throw userNameTaken(username);
    }
    return Number(
      store.sqlite
        .prepare('insert into users (company_id, name, role, username, email, password_hash) values (?, ?, ?, ?, ?, ?)')
        .run(input.companyId, input.name, input.role, username, input.email ?? null, passwordHash).lastInsertRowid,
    );
  })();
}

/** Sets a new password; the user's tokens handed out at login stop working, so a stolen session ends with it. */
export async function setLocalPassword(store: Store, username: string, password: string, now = Date.now()): Promise<void> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  const login = normaliseUsername(username);
  store.sqlite.transaction(() => {
    const user = store.sqlite.prepare<[string], { id: number }>('select id from users where username = ?').get(login);
    if (!user) throw noSuchUser(login);
    store.sqlite.prepare('update users set password_hash = ? where id = ?').run(passwordHash, user.id);
    store.sqlite.prepare('update api_tokens set revoked_at = ? where user_id = ? and expires_at is not null and revoked_at is null').run(now, user.id);
  })();
  countTokenWrite(store);
}
