/**
 * The company's currency and tax registration number: checked here before they are written,
 * at `local company create` and `local company set`, so what statements and receipts print is
 * always a code and a number a reader can trust.
 */
import { currencyProblem, taxNumberProblem } from '../domain/company-identity.js';
import {
  allCompanyProfiles,
  findCompanyProfile,
  updateCompanyIdentity,
  type CompanyIdentityChanges,
  type CompanyProfile,
} from '../store/company-identity.repository.js';
import type { Store } from '../store/open-db.js';
import { immediateTransaction } from '../store/transactions.js';
import { badRequestError, notFoundError } from './service-error.js';

export function checkedCurrency(code: string): string {
  const problem = currencyProblem(code);
  if (problem) throw badRequestError(problem);
  return code;
}

/** The number without surrounding space; an empty one is refused (removing it is a null). */
export function checkedTaxNumber(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw badRequestError('the tax number is empty: give one such as P051234567X, or remove it with --no-tax-number');
  const problem = taxNumberProblem(trimmed);
  if (problem) throw badRequestError(problem);
  return trimmed;
}

/** Changes what is given and returns the company as it is afterwards. */
export function changeCompanyIdentity(store: Store, companyId: number, changes: CompanyIdentityChanges): CompanyProfile {
  const checked: CompanyIdentityChanges = {
    currency: changes.currency === undefined ? undefined : checkedCurrency(changes.currency),
    taxNumber: changes.taxNumber === undefined || changes.taxNumber === null ? changes.taxNumber : checkedTaxNumber(changes.taxNumber),
  };
  return immediateTransaction(store, () => {
    if (!updateCompanyIdentity(store, companyId, checked)) throw notFoundError(`no company ${companyId} in this store`);
    return findCompanyProfile(store, companyId)!;
  });
}

/** Every company of the store with its settings, for `local company list`. */
export function listCompanies(store: Store): CompanyProfile[] {
  return allCompanyProfiles(store);
}
