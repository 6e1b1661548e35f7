/**
 * A 401 for a token the profile knows has ended is named as such: who was signed in, until when,
 * and how to sign in again, instead of the server's bare "invalid, revoked or expired token".
 */
import { ApiError } from '../../client/errors.js';
import { KnownError } from '../../contract/error-kinds.js';
import { readConfigFile } from '../config/config-file.js';
import { signInOfToken } from '../config/sign-in.js';
import type { CommandContext } from '../context.js';
import { expiredText, refusedText } from './signed-in-text.js';

export async function namedExpiry(context: CommandContext, error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status !== 401 || error.local) return error;
  const settings = await context.settings().catch(() => undefined);
  if (settings === undefined) return error;
  const signIn = signInOfToken(readConfigFile({ env: context.env }).signIn(settings.profile), settings.token);
  if (signIn === undefined) return error;
  // Not yet over by this machine's clock: revoked, or the server's clock is ahead.
  const text = context.now() >= signIn.expiresAt ? expiredText(signIn, context.now()) : refusedText(signIn, context.now());
  return new KnownError('auth', text, { cause: error });
}
