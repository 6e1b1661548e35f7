/**
 * What a prompt accepts, read from the save request's own schema (src/contract/cash-sale.ts),
 * which the server validates with: an answer the prompt takes is one the server takes. A
 * customer name must be 1 to 200 characters there, so a blank name is refused at the prompt,
 * not after the cashier confirmed the sale.
 */
import type { TSchema } from '@sinclair/typebox';
import { PaymentChannelInput, SaleLineInput, SaveCashSaleBody } from '../../contract/cash-sale.js';

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

export const customerNameRule = textRule(SaveCashSaleBody.properties.issuedTo, 'the customer\'s name');
export const customerPhoneRule = textRule(SaveCashSaleBody.properties.issuedToPhone, 'the phone number');
export const itemNameRule = textRule(SaleLineInput.properties.item, 'the item\'s name');
export const paymentReferenceRule = textRule(PaymentChannelInput.properties.referenceNo, 'the reference');
