/** `shopprop local token list`: token ids, owners and state; never the tokens. */
import { createContext } from '../../context.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { columnSet } from '../../output/columns/types.js';

const tokenColumns = columnSet<{ id: number; name: string; role: string; companyId: number; userId: number; createdAt: number; revokedAt: number | null }>(
  'token',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'name', header: 'Name', kind: 'text' },
    { key: 'role', header: 'Role', kind: 'text' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
    { key: 'userId', header: 'User', kind: 'integer' },
    { key: 'createdAt', header: 'Created', kind: 'date' },
    { key: 'revokedAt', header: 'Revoked', kind: 'date' },
  ],
  ['id', 'name', 'role', 'companyId', 'createdAt', 'revokedAt'],
);

export async function run(options: { company?: number } & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const { listTokens } = await import('../../../services/token-service.js');
  const tokens = await withLocalStore(context, (store) => listTokens(store, options.company));
  await emitList(context, { records: tokens, columns: tokenColumns });
}
