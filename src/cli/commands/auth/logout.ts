/**
 * `shopprop logout`: the profile forgets its token and who signed in, and the server is asked to
 * end the token first (POST /api/auth/logout), so a copy of it left anywhere stops working. A
 * server without that operation, or one that cannot be reached, still leaves the profile signed out.
 */
import { ApiError } from '../../../client/errors.js';
import { openConfigStore } from '../../config/config-store.js';
import type { GlobalOptions } from '../../global-options.js';
import { runCommand } from '../../run-command.js';
import { withServiceClient } from '../../sign-in/service-client.js';
import { CliUsageError } from '../../usage-error.js';

export async function run(options: GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const settings = await context.settings();
    const config = await openConfigStore({ env: context.env });
    const stored = config.rawProfile(settings.profile).token;
    if (typeof stored !== 'string') {
      throw new CliUsageError(
        `profile "${settings.profile}" holds no token: nobody is signed in${settings.sources.token === 'env' ? ' (SHOPPROP_TOKEN is set in the environment: unset it yourself)' : ''}`,
      );
    }
    const baseUrl = settings.baseUrl;
    const ended = baseUrl === undefined ? 'no service is set, so the token was not revoked' : await revoke(context, baseUrl, stored);
    config.setSignIn(settings.profile, undefined);
    context.say(`signed out: profile "${settings.profile}" no longer holds a token; ${ended}`);
  });
}

async function revoke(context: Parameters<typeof withServiceClient>[0], baseUrl: string, token: string): Promise<string> {
  try {
    const answer = await withServiceClient(context, { baseUrl, token }, async (client) => {
      const { logOut } = await import('../../../client/auth-calls.js');
      return logOut(client);
    });
    return answer.revoked === false ? `${baseUrl} knew no live token of it` : `${baseUrl} revoked the token`;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return `${baseUrl} no longer took the token (expired or revoked already)`;
    if (error instanceof ApiError && (error.status === 404 || error.status === 405))
      return `${baseUrl} offers no log-out, so the token stays valid there until it expires`;
    return `the token could not be revoked (${error instanceof Error ? error.message : String(error)}); it stays valid there until it expires`;
  }
}
