/**
 * `shopprop login`: signs a person in to a service with a name and password, as `gh auth login`
 * does, and keeps the token in the profile with who it belongs to and when it ends. The password
 * is asked hidden at a terminal or piped in (--password-stdin); never a flag.
 */
import { ApiError } from '../../../client/errors.js';
import { KnownError } from '../../../contract/error-kinds.js';
import { openConfigStore } from '../../config/config-store.js';
import { tokenFingerprint, type SignIn } from '../../config/sign-in.js';
import type { CommandContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { readPassword } from '../../io/read-password.js';
import { requireValue } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { withServiceClient } from '../../sign-in/service-client.js';
import { untilText } from '../../sign-in/signed-in-text.js';
import { CliUsageError } from '../../usage-error.js';

export interface LoginOptions {
  username?: string;
  passwordStdin?: boolean;
}

export async function run(options: LoginOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const settings = await context.settings();
    if (options.local === true || settings.baseUrl === undefined) {
      throw new CliUsageError('login signs in to a service: give its address with --base-url URL (commands on the local store need no sign-in)');
    }
    const baseUrl = settings.baseUrl;
    if (options.passwordStdin && options.username === undefined) {
      throw new CliUsageError('missing --username: with --password-stdin the name cannot be asked');
    }
    const username = await requireValue(context, {
      value: options.username?.trim() || undefined,
      flag: '--username',
      what: 'the login name',
      ask: (ask) => ask.text('User name'),
    });
    const password = await readPassword(context, options.passwordStdin);
    const login = await withServiceClient(context, { baseUrl }, async (client) => {
      const { logIn } = await import('../../../client/auth-calls.js');
      return logIn(client, { username, password }).catch((error: unknown) => {
        throw refusal(error, baseUrl);
      });
    });
    const token = login.token;
    if (typeof token !== 'string' || typeof login.userId !== 'number' || typeof login.companyId !== 'number' || typeof login.expiresAt !== 'number') {
      throw new KnownError('invalidResponse', `the log-in answer of ${baseUrl} lacks the token, userId, companyId or expiresAt; nothing was kept`);
    }
    const signIn: SignIn = {
      name: login.name ?? username,
      username,
      userId: login.userId,
      companyId: login.companyId,
      ...(typeof login.role === 'string' ? { role: login.role } : {}),
      expiresAt: login.expiresAt,
      baseUrl,
      token: tokenFingerprint(token),
    };
    await keep(context, settings.profile, signIn, token, settings.sources.baseUrl === 'flag');
    const role = signIn.role === undefined ? '' : `, ${signIn.role}`;
    context.say(
      `signed in to ${baseUrl} as ${username} (${signIn.name}${role}, company ${signIn.companyId}) until ${untilText(signIn.expiresAt, context.now())}; profile "${settings.profile}"`,
    );
    if (settings.sources.token === 'env' || settings.sources.token === 'flag') {
      context.say(`note: ${settings.sources.token === 'env' ? 'SHOPPROP_TOKEN' : '--token'} still wins over the token kept in the profile`);
    }
  });
}

/**
 * The token and who it is, in the profile; the base URL when it was given for this log-in; the
 * company and user only where the profile has none, so a profile pointed at another shop stays so.
 */
async function keep(context: CommandContext, profile: string, signIn: SignIn, token: string, baseUrlByFlag: boolean): Promise<void> {
  const config = await openConfigStore({ env: context.env });
  const stored = config.rawProfile(profile);
  if (baseUrlByFlag) config.set(profile, 'baseUrl', signIn.baseUrl);
  if (stored.companyId === undefined) config.set(profile, 'companyId', signIn.companyId);
  if (stored.userId === undefined) config.set(profile, 'userId', signIn.userId);
  config.setSignIn(profile, signIn, token);
}

/** A refused log-in in the person's words: the same for an unknown name as for a wrong password. */
function refusal(error: unknown, baseUrl: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 401) return new KnownError('auth', `wrong user name or password for ${baseUrl}; nothing was kept`);
  if (error.status === 429) {
    // The bundled server names the wait ("try again in 42 s"); another server may not.
    const words = error.serverMessage ?? '';
    const when = /try again in/i.test(words) ? words : `${words ? `${words}; ` : ''}try again in a few minutes`;
    return new KnownError('tooManyRequests', `log-in refused for now (HTTP 429): ${when}`);
  }
  return error;
}
