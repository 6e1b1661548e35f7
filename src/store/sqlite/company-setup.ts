/**
 * A new company in the local store, ready for imports and sales: its shops (each with a
 * warehouse), cashbooks, the three payment channels, a VAT rate and a zero rate, an admin user.
 */
import { toBasisPoints } from '../../domain/money.js';
import { DEFAULT_CURRENCY } from '../../domain/company-identity.js';
import { checkedCurrency, checkedTaxNumber } from '../../services/company-identity.js';
import { companyNames, insertCompanyWithReferenceData } from './company-setup.repository.js';
import type { Store } from './open-db.js';
import { immediateTransaction } from './transactions.js';
import { badRequestError, conflictError } from '../../services/service-error.js';
import type { CompanySetup, CreatedCompany } from '../setup-store.js';

export function setUpCompany(store: Store, setup: CompanySetup): CreatedCompany {
  const name = setup.name.trim();
  if (!name) throw badRequestError('a company needs a name');
  const timeZone = setup.timeZone ?? 'Africa/Nairobi';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw badRequestError(`unknown time zone "${timeZone}" (an IANA name such as Africa/Nairobi)`);
  }
  const vatPercent = setup.vatPercent ?? 16;
  if (!(vatPercent >= 0 && vatPercent <= 100)) throw badRequestError('VAT must be a percentage from 0 to 100');
  const currency = checkedCurrency(setup.currency ?? DEFAULT_CURRENCY);
  const taxNumber = setup.taxNumber === undefined ? null : checkedTaxNumber(setup.taxNumber);
  const shops = (setup.shops ?? ['Main shop']).map((shop) => shop.trim()).filter(Boolean);
  if (shops.length === 0) throw badRequestError('a company needs at least one shop');
  // Checked inside the write transaction, so two processes cannot both create the name.
  return immediateTransaction(store, () => {
    const same = companyNames(store).find((company) => sameCompanyName(company.name, name));
    if (same) throw conflictError(`company ${same.id} is already named "${same.name}"; give the new company another name`);
    return insertCompanyWithReferenceData(store, {
      name,
      timeZone,
      vatRateBp: toBasisPoints(vatPercent),
      currency,
      taxNumber,
      shops,
      adminName: setup.adminName?.trim() || `${name} admin`,
    });
  });
}

/** Two names a person would read as one company: "Acme Phones" and " acme  phones". */
export function sameCompanyName(a: string, b: string): boolean {
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').normalize('NFC').toLocaleLowerCase('en');
  return key(a) === key(b);
}
