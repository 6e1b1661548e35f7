/** `shopprop local mpesa url`: the confirmation and validation URLs Daraja is given, with the company's secret. */
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';

export async function run(options: GlobalOptions & { company?: number; publicUrl?: string }): Promise<void> {
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const settings = await withLocalStore(context, (store) => store.mpesaSettings(companyId));
  if (!settings) throw new CliUsageError(`company ${companyId} takes no M-Pesa payments yet: shopprop local mpesa set --short-code NUMBER`);
  const origin = (options.publicUrl ?? (await context.settings()).publicUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  context.terminal.stdout.write(
    `confirmation ${origin}/mpesa/${settings.urlSecret}/confirmation\nvalidation   ${origin}/mpesa/${settings.urlSecret}/validation\n`,
  );
  context.say(
    `short codes: ${settings.shortCodes.join(', ') || 'none yet (shopprop local mpesa set --short-code NUMBER)'}; register both URLs with Daraja (C2B register URL); they carry the secret, so keep them private`,
  );
}
