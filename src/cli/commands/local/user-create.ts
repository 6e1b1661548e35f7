/** `shopprop local user create`: a user who can log in to the local server with a password. */
import type { Role } from '../../../contract/enums.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { readNewPassword } from '../../io/read-password.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';

export interface UserCreateOptions {
  role: string;
  name: string;
  username: string;
  email?: string;
  passwordStdin?: boolean;
}

export async function run(options: UserCreateOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const password = await readNewPassword(context, options.passwordStdin);
  const { normaliseUsername } = await import('../../../store/rules/local-user-rules.js');
  const userId = await withLocalStore(context, (store) =>
    store.createLocalUser({
      companyId,
      role: options.role.toLowerCase() as Role,
      name: options.name,
      username: options.username,
      email: options.email,
      password,
    }),
  );
  context.terminal.stdout.write(`${userId}\n`);
  context.say(
    `user ${userId} "${normaliseUsername(options.username)}" (${options.role.toLowerCase()}, company ${companyId}) can log in at POST /api/auth/login`,
  );
}
