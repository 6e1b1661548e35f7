/**
 * The company's currency and tax registration number: checked here before they are written,
 * at `local company create` and `local company set`, so what statements and receipts print is
 * always a code and a number a reader can trust.
 */
import { currencyProblem, taxNumberProblem } from '../../domain/company-identity.js';
import type { CompanyIdentityChanges } from '../setup-store.js';
import { badRequestError, notFoundError, type ServiceError } from './service-error.js';

/** The refusal of a change to a company the store does not hold. */
export const noCompanyToChange = (companyId: number): ServiceError => notFoundError(`no company ${companyId} in this store`);

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

/** The changes with each given value checked (a null tax number removes it). */
export function checkedIdentityChanges(changes: CompanyIdentityChanges): CompanyIdentityChanges {
  return {
    currency: changes.currency === undefined ? undefined : checkedCurrency(changes.currency),
    taxNumber: changes.taxNumber === undefined || changes.taxNumber === null ? changes.taxNumber : checkedTaxNumber(changes.taxNumber),
  };
}
