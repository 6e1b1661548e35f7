/**
 * A bearer token written straight into a SQLite store, synchronously, for fixtures set up before
 * a server starts (the store interface's createToken is a unit of work and returns a promise).
 * The row is what the interface writes: the user (made if new) and only the token's hash.
 */
import type { Role } from '../../src/contract/enums.js';
import { newTokenText } from '../../src/store/rules/access-rules.js';
import { hashToken } from '../../src/store/rules/token-hash.js';
import type { CreatedToken } from '../../src/store/access-store.js';
import type { Store } from '../../src/store/sqlite/open-db.js';

export function createToken(store: Store, input: { companyId: number; role: Role; name: string; now?: number }): CreatedToken {
  const token = newTokenText();
  return store.sqlite.transaction(() => {
    const existing = store.sqlite
      .prepare<[number, string], { id: number }>('select id from users where company_id = ? and name = ?')
      .get(input.companyId, input.name);
    const userId =
      existing?.id ??
      Number(store.sqlite.prepare('insert into users (company_id, name, role) values (?, ?, ?)').run(input.companyId, input.name, input.role).lastInsertRowid);
    const id = Number(
      store.sqlite
        .prepare('insert into api_tokens (company_id, user_id, role, name, token_hash, created_at) values (?, ?, ?, ?, ?, ?)')
        .run(input.companyId, userId, input.role, input.name, hashToken(token), input.now ?? Date.now()).lastInsertRowid,
    );
    return { id, token, userId, companyId: input.companyId, role: input.role, name: input.name };
  })();
}
