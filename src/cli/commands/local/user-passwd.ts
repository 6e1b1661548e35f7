/** `shopprop local user passwd <username>`: a new password; the user's login tokens stop working. */
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { readNewPassword } from '../../io/read-password.js';
import { withLocalStore } from '../../local-store.js';

export async function run(options: { passwordStdin?: boolean } & GlobalOptions, args: string[]): Promise<void> {
  const context = createContext(options);
  const username = args[0]!;
  const password = await readNewPassword(context, options.passwordStdin);
  await withLocalStore(context, (store) => store.setLocalPassword(username, password));
  context.say(`password of "${username}" changed; the tokens it had from logging in no longer work`);
}
