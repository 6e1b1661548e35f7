/** `shopprop local company set`: change the company's currency or tax registration number. */
import { createContext } from '../../context.js';
import { companyIdentityText } from '../../company-text.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';

export interface CompanySetOptions {
  currency?: string;
  /** A number to set, false to remove it (--no-tax-number), undefined to leave it. */
  taxNumber?: string | false;
}

export async function run(options: CompanySetOptions & GlobalOptions): Promise<void> {
  if (options.currency === undefined && options.taxNumber === undefined) {
    throw new CliUsageError('nothing to set: give --currency CODE, --tax-number NUMBER or --no-tax-number');
  }
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const company = await withLocalStore(context, (store) =>
    store.changeCompanyIdentity(companyId, {
      currency: options.currency,
      taxNumber: options.taxNumber === false ? null : options.taxNumber,
    }),
  );
  context.say(`company ${company.id} (${company.name}): ${companyIdentityText(company)}`);
}
