/**
 * A shop's address and phone, checked before they are written (`local shop set`): both are
 * printed on the shop's receipts, so the address is one readable line and the phone a number
 * that can be dialled, kept in one form (E.164) whatever form it was typed in.
 */
import { readPhoneNumber } from '../../domain/phone-number.js';
import type { ShopDetailsChanges } from '../setup-store.js';
import { badRequestError, notFoundError, type ServiceError } from './service-error.js';

/** Long enough for a building, a street, an area and a town; a receipt prints it on a few lines. */
export const MAX_ADDRESS_LENGTH = 120;

// Control characters would reach a receipt printer as commands (cut, open the drawer).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const noShopToChange = (companyId: number, shopId: number): ServiceError =>
  notFoundError(`no shop ${shopId} in company ${companyId}; \`shopprop local list shops\` lists them`);

/** The address without surrounding space; an empty, overlong or unprintable one is refused. */
export function checkedAddress(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw badRequestError('the address is empty: give one such as "Moi Avenue 12, Nairobi", or remove it with --no-address');
  if (CONTROL.test(trimmed)) throw badRequestError('the address holds a control character (a tab or a line break): give it as one line');
  if (trimmed.length > MAX_ADDRESS_LENGTH) throw badRequestError(`the address is ${trimmed.length} characters long: at most ${MAX_ADDRESS_LENGTH}`);
  return trimmed;
}

/** The phone in E.164; one that does not read as a phone number is refused in the words of the phone rule. */
export function checkedShopPhone(text: string): string {
  const reading = readPhoneNumber(text);
  if ('e164' in reading) return reading.e164;
  if (!text.trim()) throw badRequestError('the phone is empty: give one such as 0712 345 678, or remove it with --no-phone');
  throw badRequestError(`the phone ${reading.problem}`);
}

/** The changes with each given value checked (a null removes it). */
export function checkedShopChanges(changes: ShopDetailsChanges): ShopDetailsChanges {
  return {
    address: changes.address === undefined || changes.address === null ? changes.address : checkedAddress(changes.address),
    phone: changes.phone === undefined || changes.phone === null ? changes.phone : checkedShopPhone(changes.phone),
  };
}
