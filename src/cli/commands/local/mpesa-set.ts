/** `shopprop local mpesa set`: the short codes a company takes payments for, its account format, its URL secret. */
import { randomBytes } from 'node:crypto';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';

export interface MpesaSetOptions extends GlobalOptions {
  company?: number;
  shortCode?: string[];
  removeShortCode?: string[];
  accountFormat?: string;
  rotateSecret?: boolean;
}

/** A secret of 192 random bits, URL-safe: what Daraja's calls prove they are the company's by. */
export const newUrlSecret = (): string => randomBytes(24).toString('base64url');

export async function run(options: MpesaSetOptions): Promise<void> {
  if (!options.shortCode && !options.removeShortCode && options.accountFormat === undefined && !options.rotateSecret) {
    throw new CliUsageError('nothing to set: give --short-code, --remove-short-code, --account-format or --rotate-secret');
  }
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const settings = await withLocalStore(context, (store) =>
    store.configureMpesa({
      companyId,
      newSecret: newUrlSecret(),
      rotateSecret: options.rotateSecret,
      accountFormat: options.accountFormat,
      addShortCodes: options.shortCode,
      removeShortCodes: options.removeShortCode,
    }),
  );
  context.say(
    `company ${companyId} takes M-Pesa payments for short code${settings.shortCodes.length === 1 ? '' : 's'} ${settings.shortCodes.join(', ') || '(none yet)'}; a unit's reference is ${settings.accountFormat}` +
      `${options.rotateSecret ? '; the URLs have a new secret: register them with Daraja again (shopprop local mpesa url)' : ''}`,
  );
}
