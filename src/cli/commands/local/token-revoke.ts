/** `shopprop local token revoke <id>`. */
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { idArgument } from '../../options.js';

export async function run(options: GlobalOptions, args: string[]): Promise<void> {
  const context = createContext(options);
  const id = idArgument('tokenId', args[0]);
  await withLocalStore(context, (store) => store.revokeToken(id, context.now()));
  context.say(`token ${id} revoked`);
}
