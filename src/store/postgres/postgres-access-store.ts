/**
 * The access area of the store interface (access-store.ts) on PostgreSQL: API tokens, local
 * users, log-ins and the store's secrets, each unit on a pooled connection of its own
 * (pg-unit-of-work.ts), with the same rules and words as SQLite's (services/access-rules.ts,
 * local-user-rules.ts). A token's user is cached for at most TOKEN_CACHE_MS
 * (pg-token-user-cache.ts), so a token revoked through any instance is refused by every other
 * within that bound.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
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
} from '../../services/access-rules.js';
import { checkedNewUser, checkPassword, normaliseUsername } from '../../services/local-user-rules.js';
import { decoyHash, hashPassword, verifyPassword } from '../../services/password-hash.js';
import { hashToken } from '../../services/token-hash.js';
import { TOKEN_SUMMARY_COLUMNS, type AccessStore, type TokenSummary } from '../access-store.js';
import { rowsOf as rows } from './pg-rows.js';
import { tokenUserCache } from './pg-token-user-cache.js';
import { inTransaction } from './pg-unit-of-work.js';


const companyExists = async (client: pg.PoolClient, companyId: number) => (await client.query('select 1 from companies where id = $1', [companyId])).rowCount === 1;

export function postgresAccessStore(pool: pg.Pool): AccessStore {
  const cache = tokenUserCache();
  return {
    tokenUser: (token, now) =>
      cache.userOf(token, now, () =>
        inTransaction(pool, async (client) => {
          const [row] = await rows<{ company_id: number; user_id: number; role: Role; name: string; expires_at: number | null }>(
            client,
            `select t.company_id, t.user_id, t.role, u.name, t.expires_at
               from api_tokens t join users u on u.id = t.user_id
              where t.token_hash = $1 and t.revoked_at is null`,
            [hashToken(token)],
          );
          return row && { user: { userId: row.user_id, companyId: row.company_id, role: row.role, name: row.name }, expiresAt: row.expires_at };
        }),
      ),

    createToken: async (input) => {
      const token = newTokenText();
      const createdAt = input.now ?? Date.now();
      const created = await inTransaction(pool, async (client) => {
        // The company's row locked: two creations of one name at once make one user.
        if ((await client.query('select id from companies where id = $1 for update', [input.companyId])).rowCount !== 1) throw noCompanyForToken(input.companyId);
        const [existing] = await rows<{ id: number }>(client, 'select id from users where company_id = $1 and name = $2 order by id limit 1', [input.companyId, input.name]);
        const userId = existing?.id ?? (await rows<{ id: number }>(client, 'insert into users (company_id, name, role) values ($1, $2, $3) returning id', [input.companyId, input.name, input.role]))[0]!.id;
        const [inserted] = await rows<{ id: number }>(
          client,
          'insert into api_tokens (company_id, user_id, role, name, token_hash, created_at) values ($1, $2, $3, $4, $5, $6) returning id',
          [input.companyId, userId, input.role, input.name, hashToken(token), createdAt],
        );
        return { id: inserted!.id, token, userId, companyId: input.companyId, role: input.role, name: input.name };
      });
      cache.clear();
      return created;
    },

    listTokens: (companyId) =>
      inTransaction(pool, async (client) =>
        rows<TokenSummary>(
          client,
          `select ${TOKEN_SUMMARY_COLUMNS} from api_tokens where $1::bigint is null or company_id = $1 order by id`,
          [companyId ?? null],
        ),
      ),

    revokeToken: async (id, now = Date.now()) => {
      try {
        await inTransaction(pool, async (client) => {
          const revoked = await client.query('update api_tokens set revoked_at = $1 where id = $2 and revoked_at is null', [now, id]);
          if (revoked.rowCount === 0) throw tokenNotRevocable(id, (await client.query('select 1 from api_tokens where id = $1', [id])).rowCount === 1);
        });
      } finally {
        cache.clear();
      }
    },

    createLocalUser: async (input) => {
      const username = checkedNewUser(input.username, input.password);
      const passwordHash = await hashPassword(input.password);
      return inTransaction(pool, async (client) => {
        if (!(await companyExists(client, input.companyId))) throw noCompanyForUser(input.companyId);
        if ((await client.query('select 1 from users where username = $1', [username])).rowCount !== 0) throw userNameTaken(username);
        try {
          const [row] = await rows<{ id: number }>(
            client,
            'insert into users (company_id, name, role, username, email, password_hash) values ($1, $2, $3, $4, $5, $6) returning id',
            [input.companyId, input.name, input.role, username, input.email ?? null, passwordHash],
          );
          return row!.id;
        } catch (error) {
          // Two creations of one name at once: the unique index decides, in the same words.
          if ((error as { code?: string }).code === '23505') throw userNameTaken(username);
          throw error;
        }
      });
    },

    setLocalPassword: async (username, password, now = Date.now()) => {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      const login = normaliseUsername(username);
      await inTransaction(pool, async (client) => {
        const [user] = await rows<{ id: number }>(client, 'select id from users where username = $1 for update', [login]);
        if (!user) throw noSuchUser(login);
        await client.query('update users set password_hash = $1 where id = $2', [passwordHash, user.id]);
        await client.query('update api_tokens set revoked_at = $1 where user_id = $2 and expires_at is not null and revoked_at is null', [now, user.id]);
      });
      cache.clear();
    },

    logIn: async (username, password, now = Date.now()) => {
      const [user] = await inTransaction(pool, (client) =>
        rows<{ id: number; company_id: number; name: string; role: Role; email: string | null; password_hash: string | null }>(
          client,
          'select id, company_id, name, role, email, password_hash from users where username = $1',
          [normaliseUsername(username)],
        ),
      );
      // An unknown user costs as much time as a wrong password, so timing does not tell which names exist.
      const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
      if (!user?.password_hash || !matches) return undefined;
      const token = newTokenText();
      const expiresAt = now + LOGIN_TOKEN_LIFETIME_MS;
      await inTransaction(pool, (client) =>
        client.query('insert into api_tokens (company_id, user_id, role, name, token_hash, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)', [
          user.company_id, user.id, user.role, loginTokenName(user.name), hashToken(token), now, expiresAt,
        ]),
      );
      return { token, name: user.name, userId: user.id, landlordId: null, companyId: user.company_id, email: user.email, expiresAt };
    },

    secret: (name) =>
      inTransaction(pool, async (client) => {
        // Made once per database: every instance signs alike.
        await client.query('insert into store_settings (key, value) values ($1, $2) on conflict (key) do nothing', [name, randomBytes(32).toString('hex')]);
        const value = (await client.query('select value from store_settings where key = $1', [name])).rows[0].value as string;
        return Buffer.from(value, 'hex');
      }),
  };
}
