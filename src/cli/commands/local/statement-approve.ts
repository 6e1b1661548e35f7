/** `shopprop local statement approve <id>`: approve a statement for payment. */
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { idArgument } from '../../options.js';
import { printStatement } from '../../print-statement.js';

export async function run(options: GlobalOptions, args: string[]): Promise<void> {
  const context = createContext(options);
  const statementId = idArgument('statementId', args[0]);
  const statement = await withLocalStore(context, (store) => store.approveStatement({ statementId, userId: null, now: () => context.now() }));
  await printStatement(context, statement, `approved statement ${statement.id}`);
}
