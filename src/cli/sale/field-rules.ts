/**
 * What a prompt accepts, read from the save request's own schema (src/contract/cash-sale.ts),
 * which the server validates with: an answer the prompt takes is one the server takes. A
 * customer name must be 1 to 200 characters there, so a blank name is refused at the prompt,
 * not after the cashier confirmed the sale.
 */
import type { TSchema } from '@sinclair/typebox';
import { PaymentChannelInput, SaleLineInput, SaveCashSaleBody } from '../../contract/cash-sale.js';
import { isMpesaCode, paymentReferenceKey } from '../../domain/payment-reference.js';
import { readPhoneNumber } from '../../domain/phone-number.js';

type Validate = (value: string) => true | string;

/** The text rule of a string schema: its minLength and maxLength, on the trimmed answer. */
export function textRule(schema: TSchema, what: string): Validate {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return (value) => {
    const length = value.trim().length;
    if (length < min) return min === 1 ? `${what} cannot be blank` : `${what}: at least ${min} characters`;
    if (length > max) return `${what}: at most ${max} characters (this is ${length})`;
    return true;
  };
}

export const customerNameRule = textRule(SaveCashSaleBody.properties.issuedTo, "the customer's name");
const phoneLength = textRule(SaveCashSaleBody.properties.issuedToPhone, 'the phone number');

/** A phone number the server takes (domain/phone-number.ts), or - for none: asked again until it is one. */
export const customerPhoneRule: Validate = (value) => {
  const length = phoneLength(value);
  if (length !== true || value.trim() === '-' || value.trim() === '') return length;
  const reading = readPhoneNumber(value);
  return 'e164' in reading ? true : `${reading.problem.replace(/^".*?" /, 'this ')}; - for none`;
};
export const itemNameRule = textRule(SaleLineInput.properties.item, "the item's name");
export const paymentReferenceRule = textRule(PaymentChannelInput.properties.referenceNo, 'the reference');

/**
 * An M-Pesa code as typed, as the server takes it: the SMS shows it in capitals, a cashier may
 * type it in lower case or with a space, and the code is the same (domain/payment-reference.ts).
 */
export const mpesaCodeOf = (typed: string): string => paymentReferenceKey(typed) ?? '';

/** The server refuses a code not of M-Pesa's form (domain/sale-mpesa-codes.ts): asked again here, before the sale is confirmed. */
export const mpesaCodeRule: Validate = (value) => {
  const code = mpesaCodeOf(value);
  if (code === '') return "the M-Pesa code cannot be blank (it is in the customer's SMS, e.g. SJ41H7QW2Z)";
  return isMpesaCode(code)
    ? true
    : `an M-Pesa code is ten letters and digits, e.g. SJ41H7QW2Z (this is ${code.length} characters${/[^A-Z0-9]/.test(code) ? ', with other signs' : ''})`;
};
