/**
 * A new company, the same on every store: its settings checked and defaulted, the refusal of a
 * second company of the same name, and the reference data every company starts with (three
 * cashbooks, the three payment channels, a VAT rate and a zero rate; a warehouse per shop).
 */
import { DEFAULT_CURRENCY } from '../../domain/company-identity.js';
import { toBasisPoints } from '../../domain/money.js';
import type { CompanySetup } from '../setup-store.js';
import { checkedCurrency, checkedTaxNumber } from './company-identity.js';
import { badRequestError, conflictError, type ServiceError } from './service-error.js';

/** A new company's rows as every store writes them. */
export interface NewCompanyRows {
  name: string;
  timeZone: string;
  vatRateBp: number;
  currency: string;
  taxNumber: string | null;
  shops: readonly string[];
  adminName: string;
}

export const STARTING_CASHBOOKS = [
  ['CASH', 'Cash at hand'],
  ['MPESA', 'M-Pesa till'],
  ['BANK', 'Bank (cheques)'],
] as const;

export const STARTING_CHANNELS = [
  ['Cash', 'CASH'],
  ['M-Pesa', 'MPESA'],
  ['Cheque', 'CHECK'],
] as const;

/** The VAT rate's name ("VAT 16%"); a zero rate "Zero rated" comes beside it. */
export const vatRateName = (rateBp: number) => `VAT ${rateBp / 100}%`;
export const ZERO_RATE_NAME = 'Zero rated';

/** The set-up checked (400 for a bad name, zone, VAT, currency, tax number or no shop) and defaulted. */
export function checkedCompanySetup(setup: CompanySetup): NewCompanyRows {
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
  return { name, timeZone, vatRateBp: toBasisPoints(vatPercent), currency, taxNumber, shops, adminName: setup.adminName?.trim() || `${name} admin` };
}

/** Two names a person would read as one company: "Acme Phones" and " acme  phones". */
export function sameCompanyName(a: string, b: string): boolean {
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').normalize('NFC').toLocaleLowerCase('en');
  return key(a) === key(b);
}

/** The refusal (409) of a name an existing company already has, or undefined. */
export function nameTakenRefusal(companies: readonly { id: number; name: string }[], name: string): ServiceError | undefined {
  const same = companies.find((company) => sameCompanyName(company.name, name));
  return same && conflictError(`company ${same.id} is already named "${same.name}"; give the new company another name`);
}
