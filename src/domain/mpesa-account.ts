/**
 * The account number a payer types on a paybill (Daraja's BillRefNumber, the statement's
 * `A/C No.`) as it is compared: tenants type it loosely (`p0001 a9`, `T1 000001`, `t1-000001`),
 * so case, spaces and dashes do not count. A unit's reference is built from the company's
 * paybill account format, where `{property}` is the property code and `{unit}` the unit number.
 */

/** The account as compared: upper case, without white space and dashes; '' when nothing is left. */
export function accountKey(account: string | null | undefined): string {
  return (account ?? '').replace(/[\s\-\u2010-\u2015]+/g, '').toUpperCase();
}

export const DEFAULT_ACCOUNT_FORMAT = '{property}{unit}';

/** Refuses a format naming neither the unit nor the property: every unit would share one reference. */
export function accountFormatProblem(format: string): string | undefined {
  if (!format.includes('{unit}')) return 'must contain {unit} (and usually {property}), e.g. {property}{unit} or {property}-{unit}';
  const unknown = /\{(?!property\}|unit\})[^}]*\}/.exec(format);
  if (unknown) return `${unknown[0]} is not known; use {property} and {unit}`;
  return undefined;
}

/** A unit's reference under the format, as compared (accountKey). */
export function unitReferenceKey(format: string, propertyCode: string, unitNo: string): string {
  return accountKey(format.replaceAll('{property}', propertyCode).replaceAll('{unit}', unitNo));
}

/**
 * Whether a phone could be the masked one a statement or Daraja shows (`2547****126`,
 * `2547 ***** 126`): the visible digits at both ends agree, Kenyan numbers compared in their
 * 254 form. Only ever a suggestion: many phones fit one mask.
 */
export function phoneFitsMask(masked: string | null | undefined, phone: string | null | undefined): boolean {
  const mask = (masked ?? '').replace(/[^\d*]/g, '');
  const digits = internationalDigits(phone);
  if (!mask.includes('*') || digits === '') return false;
  const head = /^\d*/.exec(mask)![0];
  const tail = /\d*$/.exec(mask)![0];
  if (head.length + tail.length < 6) return false;
  return digits.startsWith(head) && digits.endsWith(tail) && digits.length >= head.length + tail.length;
}

function internationalDigits(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (/^0[17]\d{8}$/.test(digits)) return `254${digits.slice(1)}`;
  if (/^[17]\d{8}$/.test(digits)) return `254${digits}`;
  return digits;
}
