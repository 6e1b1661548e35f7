/** `shopprop local token create`: prints a new token once. */
import type { Role } from '../../../contract/enums.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';

export async function run(options: { role: string; name: string } & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const created = await withLocalStore(context, (store) =>
    store.createToken({ companyId, role: options.role.toLowerCase() as Role, name: options.name, now: context.now() }),
  );
  context.terminal.stdout.write(`${created.token}\n`);
  context.say(
    `token ${created.id} for ${created.name} (${created.role}, company ${created.companyId}); it is shown only now. ` +
      'Use it with: shopprop config set token <token>, or SHOPPROP_TOKEN',
  );
}
