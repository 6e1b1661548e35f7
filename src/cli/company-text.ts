/** A company's settings in one line, as `local company create` and `set` report them. */
import { TAX_NUMBER_LABEL } from '../domain/company-identity.js';

export function companyIdentityText(company: { currency: string; taxNumber: string | null; timeZone: string; vatRateBp: number }): string {
  const taxNumber = company.taxNumber ? `${TAX_NUMBER_LABEL} ${company.taxNumber}` : `no ${TAX_NUMBER_LABEL} (--tax-number sets one)`;
  return `currency ${company.currency}, ${taxNumber}, time zone ${company.timeZone}, VAT ${company.vatRateBp / 100}%`;
}
