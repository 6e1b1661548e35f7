/**
 * API tokens of the local server: one per user, with the user's role and company. The token is
 * printed once at creation; only its SHA-256 is stored.
 */
import type { Role } from '../../contract/enums.js';
import type { Store } from './open-db.js';
import { newTokenText, noCompanyForToken, tokenNotRevocable } from '../../services/access-rules.js';
import { hashToken } from '../../services/token-hash.js';
import { TOKEN_SUMMARY_COLUMNS, type CreatedToken, type TokenSummary } from '../access-store.js';

/** Creates a token for the named user of the company (the user is created with the role if new). */
export function createToken(store: Store, input: { companyId: number; role: Role; name: string; now?: number }): CreatedToken {
  const token = newTokenText();
  const createdAt = input.now ?? Date.now();
  return store.sqlite.transaction(() => {
    const company = store.sqlite.prepare('select id from companies where id = ?').get(input.companyId);
    if (!company) throw noCompanyForToken(input.companyId);
    const existing = store.sqlite
      .prepare<[number, string], { id: number }>('select id from users where company_id = ? and name = ?')
      .get(input.companyId, input.name);
    const userId =
      existing?.id ??
      Number(
        store.sqlite.prepare('insert into users (company_id, name, role) values (?, ?, ?)').run(input.companyId, input.name, input.role)
          .lastInsertRowid,
      );
    const id = Number(
      store.sqlite
        .prepare('insert into api_tokens (company_id, user_id, role, name, token_hash, created_at) values (?, ?, ?, ?, ?, ?)')
        .run(input.companyId, userId, input.role, input.name, hashToken(token), createdAt).lastInsertRowid,
    );
    countTokenWrite(store);
    return { id, token, userId, companyId: input.companyId, role: input.role, name: input.name };
  })();
}

export function listTokens(store: Store, companyId?: number): TokenSummary[] {
  const rows = store.sqlite.prepare<[], TokenSummary>(`select ${TOKEN_SUMMARY_COLUMNS} from api_tokens order by id`).all();
  return rows.filter((row) => companyId === undefined || row.companyId === companyId);
}

const writesByStore = new WeakMap<Store, number>();

/** How many times this process created or revoked a token in the store (servers cache principals by it). */
export function tokenWrites(store: Store): number {
  return writesByStore.get(store) ?? 0;
}

/** Tells servers in this process that tokens changed (their principal caches start over). */
export function countTokenWrite(store: Store): void {
  writesByStore.set(store, tokenWrites(store) + 1);
}

/** Revokes a token; it stops working on the next request. */
export function revokeToken(store: Store, id: number, now = Date.now()): void {
  const result = store.sqlite.prepare('update api_tokens set revoked_at = ? where id = ? and revoked_at is null').run(now, id);
  countTokenWrite(store);
  if (result.changes === 0) {
    const exists = store.sqlite.prepare('select id from api_tokens where id = ?').get(id);
    throw tokenNotRevocable(id, exists !== undefined);
  }
}
