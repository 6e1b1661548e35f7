/** `shopprop local token list`: token ids, owners and state; never the tokens. */
import { createContext } from '../../context.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { tokenColumns } from '../../output/columns/local-lists.js';

export async function run(options: { company?: number } & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const tokens = await withLocalStore(context, (store) => store.listTokens(options.company));
  await emitList(context, { records: tokens, columns: tokenColumns });
}
