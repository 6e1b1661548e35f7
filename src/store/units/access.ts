/**
 * The access area of the store interface (../access-store.ts) on any engine: API tokens, local
 * users, log-ins and the store's secrets, with the rules and words of rules/access-rules.ts
 * and local-user-rules.ts. Password hashing (tens of milliseconds) runs outside every unit, so no
 * unit holds the store while it works. A token's user is kept by token-user-cache.ts as the
 * engine allows.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../contract/enums.js';
import {
  LOGIN_TOKEN_LIFETIME_MS,
  loginTokenName,
  newTokenText,
  noCompanyForToken,
  noCompanyForUser,
  noSuchUser,
  tokenNotRevocable,
  userNameTaken,
} from '../rules/access-rules.js';
import { checkedNewUser, checkPassword, normaliseUsername } from '../rules/local-user-rules.js';
import { decoyHash, hashPassword, verifyPassword } from '../rules/password-hash.js';
import { hashToken } from '../rules/token-hash.js';
import { TOKEN_SUMMARY_COLUMNS, type AccessStore, type TokenSummary } from '../access-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine } from '../unit-of-work/transaction.js';
import { admitLogin, loginSucceeded } from './login-attempts.js';
import { tokenUserCache } from './token-user-cache.js';

const LIVE_TOKEN = sql(`select t.company_id, t.user_id, t.role, u.name, t.expires_at
    from api_tokens t join users u on u.id = t.user_id
   where t.token_hash = ? and t.revoked_at is null`);
const COMPANY_HELD = sql('select id from companies where id = ? {for update}');
const COMPANY = sql('select id from companies where id = ?');
const USER_OF_NAME = sql('select id from users where company_id = ? and name = ? order by id limit 1');
const TOKENS = sql(`select ${TOKEN_SUMMARY_COLUMNS} from api_tokens where cast(? as bigint) is null or company_id = ? order by id`);
const REVOKE = sql('update api_tokens set revoked_at = ? where id = ? and revoked_at is null');
const TOKEN = sql('select id from api_tokens where id = ?');
const REVOKE_TEXT = sql('update api_tokens set revoked_at = ? where token_hash = ? and revoked_at is null');
const USER_OF_LOGIN = sql('select id from users where username = ?');
const USER_OF_LOGIN_HELD = sql('select id from users where username = ? {for update}');
const SET_PASSWORD = sql('update users set password_hash = ? where id = ?');
const END_LOGIN_TOKENS = sql('update api_tokens set revoked_at = ? where user_id = ? and expires_at is not null and revoked_at is null');
const LOGIN_USER = sql('select id, company_id, name, role, email, password_hash from users where username = ?');
const SETTING = sql('select value from store_settings where key = ?');
const ADD_SETTING = sql('insert into store_settings (key, value) values (?, ?) on conflict (key) do nothing');

/** The unique index that keeps a login name to one user. */
const ONE_USER_PER_LOGIN = 'users_username';

/** `cacheClock`: the monotonic clock (ms) the token cache ages its entries by; performance.now by default. */
export function accessStoreOn(engine: Engine, cacheClock?: () => number): AccessStore {
  const cache = tokenUserCache(engine.keptData, cacheClock);
  return {
    tokenUser: (token, now) =>
      cache.userOf(token, now, async () => {
        const row = await engine.unit('read', (tx) =>
          tx.get<{ company_id: number; user_id: number; role: Role; name: string; expires_at: number | null }>(LIVE_TOKEN, [hashToken(token)]),
        );
        return row && { user: { userId: row.user_id, companyId: row.company_id, role: row.role, name: row.name }, expiresAt: row.expires_at };
      }),

    createToken: async (input) => {
      const token = newTokenText();
      const createdAt = input.now ?? Date.now();
      try {
        return await engine.unit('write', async (tx) => {
          // The company held: two creations of one name at once make one user.
          if (!(await tx.get(COMPANY_HELD, [input.companyId]))) throw noCompanyForToken(input.companyId);
          const existing = await tx.get<{ id: number }>(USER_OF_NAME, [input.companyId, input.name]);
          const userId = existing?.id ?? (await tx.insert('users', { company_id: input.companyId, name: input.name, role: input.role }));
          const id = await tx.insert('api_tokens', {
            company_id: input.companyId,
            user_id: userId,
            role: input.role,
            name: input.name,
            token_hash: hashToken(token),
            created_at: createdAt,
          });
          return { id, token, userId, companyId: input.companyId, role: input.role, name: input.name };
        });
      } finally {
        cache.clear();
      }
    },

    listTokens: (companyId) => engine.unit('read', (tx) => tx.all<TokenSummary>(TOKENS, [companyId ?? null, companyId ?? null])),

    revokeToken: async (id, now = Date.now()) => {
      try {
        await engine.unit('write', async (tx) => {
          if ((await tx.run(REVOKE, [now, id])) === 0) throw tokenNotRevocable(id, (await tx.get(TOKEN, [id])) !== undefined);
        });
      } finally {
        cache.clear();
      }
    },

    revokeTokenText: async (token, now = Date.now()) => {
      try {
        return (await engine.unit('write', (tx) => tx.run(REVOKE_TEXT, [now, hashToken(token)]))) > 0;
      } finally {
        cache.clear();
      }
    },

    createLocalUser: async (input) => {
      const username = checkedNewUser(input.username, input.password);
      const passwordHash = await hashPassword(input.password);
      try {
        return await engine.unit('write', async (tx) => {
          if (!(await tx.get(COMPANY, [input.companyId]))) throw noCompanyForUser(input.companyId);
          if (await tx.get(USER_OF_LOGIN, [username])) throw userNameTaken(username);
          return tx.insert('users', {
            company_id: input.companyId,
            name: input.name,
            role: input.role,
            username,
            email: input.email ?? null,
            password_hash: passwordHash,
          });
        });
      } catch (error) {
        // Two creations of one name at once: the unique index decides, in the same words.
        if (engine.brokenUniqueIndex(error) === ONE_USER_PER_LOGIN) throw userNameTaken(username);
        throw error;
      }
    },

    setLocalPassword: async (username, password, now = Date.now()) => {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      const login = normaliseUsername(username);
      try {
        await engine.unit('write', async (tx) => {
          const user = await tx.get<{ id: number }>(USER_OF_LOGIN_HELD, [login]);
          if (!user) throw noSuchUser(login);
          await tx.run(SET_PASSWORD, [passwordHash, user.id]);
          await tx.run(END_LOGIN_TOKENS, [now, user.id]);
        });
      } finally {
        cache.clear();
      }
    },

    logIn: async (username, password, now = Date.now()) => {
      const user = await engine.unit('read', (tx) =>
        tx.get<{ id: number; company_id: number; name: string; role: Role; email: string | null; password_hash: string | null }>(LOGIN_USER, [
          normaliseUsername(username),
        ]),
      );
      // An unknown user costs as much time as a wrong password, so timing does not tell which names exist.
      const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
      if (!user?.password_hash || !matches) return undefined;
      const token = newTokenText();
      const expiresAt = now + LOGIN_TOKEN_LIFETIME_MS;
      await engine.unit('write', (tx) =>
        tx.insert('api_tokens', {
          company_id: user.company_id,
          user_id: user.id,
          role: user.role,
          name: loginTokenName(user.name),
          token_hash: hashToken(token),
          created_at: now,
          expires_at: expiresAt,
        }),
      );
      return { token, name: user.name, userId: user.id, landlordId: null, companyId: user.company_id, email: user.email, expiresAt, role: user.role };
    },

    admitLogin: (username, address, limits, now = Date.now()) => admitLogin(engine, username, address, limits, now),
    loginSucceeded: (reserved) => loginSucceeded(engine, reserved),

    secret: async (name) => {
      // Made once per database: every instance signs alike.
      const existing = await engine.unit('read', (tx) => tx.get<{ value: string }>(SETTING, [name]));
      const value =
        existing?.value ??
        (await engine.unit('write', async (tx) => {
          await tx.run(ADD_SETTING, [name, randomBytes(32).toString('hex')]);
          return (await tx.get<{ value: string }>(SETTING, [name]))!.value;
        }));
      return Buffer.from(value, 'hex');
    },
  };
}
