/** `shopprop local token revoke <id>`. */
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { positiveInteger } from '../../options.js';
import { CliUsageError } from '../../usage-error.js';

export async function run(options: GlobalOptions, args: string[]): Promise<void> {
  const context = createContext(options);
  const id = parseId(args[0]);
  const { revokeToken } = await import('../../../services/token-service.js');
  await withLocalStore(context, (store) => revokeToken(store, id));
  context.say(`token ${id} revoked`);
}

function parseId(value: string | undefined): number {
  try {
    return positiveInteger(value ?? '');
  } catch {
    throw new CliUsageError(`tokenId must be a positive whole number (got ${JSON.stringify(value)})`);
  }
}
