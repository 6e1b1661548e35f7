/**
 * An M-Pesa code pays one sale of a company: a save naming a code another sale holds is
 * refused as a conflict (409), naming the receipt that used it, so the cashier can look at that
 * sale before anything is changed. The sale an update replaces holds its own codes: sent again,
 * they are no conflict.
 */
import { ServiceError } from './service-error.js';

/** The sale that paid with a code, as its refusal names it. */
export interface MpesaCodeHolder {
  sale_id: number;
  receipt_no: string;
}

/** What the store holds that the M-Pesa codes of a save depend on. */
export interface SaleMpesaFacts {
  /** A channel's method; undefined for an unknown channel. */
  channelMethod(channelId: number): string | undefined;
  /** The sale of the company whose payment holds the code, if any. */
  mpesaCodeHolder(code: string): MpesaCodeHolder | undefined;
}

export function refuseMpesaCodeTaken(
  codes: readonly (string | null)[],
  replacedSaleId: number | undefined,
  holderOf: (code: string) => MpesaCodeHolder | undefined,
): void {
  const taken = codes.flatMap((code, i) => {
    const holder = code === null ? undefined : holderOf(code);
    return holder && holder.sale_id !== replacedSaleId
      ? [`channelsDto[${i}].referenceNo: M-Pesa code ${code} was already used by receipt ${holder.receipt_no} (sale ${holder.sale_id})`]
      : [];
  });
  if (taken.length > 0) throw new ServiceError('conflict', `cash sale not saved: ${taken.join('; ')}`);
}
