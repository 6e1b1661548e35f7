/**
 * The M-Pesa codes of a sale's payments. A payment through a channel whose method is MPESA
 * names the M-Pesa transaction that paid it by its code (referenceNo): one transaction pays
 * one sale, so the till's statement can be matched to the sales, code by code. A code that is
 * not of M-Pesa's form (a typing slip, a made-up number) is refused where it is sent, and a
 * sale may not name one code twice.
 *
 * Pure: the channels' methods come from the store, through `methodOf`.
 */
import type { SaveCashSaleBody } from '../contract/cash-sale.js';
import { isMpesaCode } from './payment-reference.js';
import type { SaleProblem } from './sent-amount.js';

export interface SaleMpesaCodes {
  /** Each channel's M-Pesa code (null for a channel of another method, or of a method unknown). */
  codes: (string | null)[];
  problems: SaleProblem[];
}

const FORM = 'ten capital letters and digits, e.g. SJ41H7QW2Z';

/** `methodOf` gives a channel's method; undefined for an unknown channel (refused elsewhere). */
export function saleMpesaCodes(body: Pick<SaveCashSaleBody, 'channelsDto'>, methodOf: (channelId: number) => string | undefined): SaleMpesaCodes {
  const codes: (string | null)[] = [];
  const problems: SaleProblem[] = [];
  const firstAt = new Map<string, number>();
  (body.channelsDto ?? []).forEach((channel, i) => {
    codes.push(null);
    if (methodOf(channel.channelId) !== 'MPESA') return;
    const field = `channelsDto[${i}].referenceNo`;
    const code = channel.referenceNo;
    if (!isMpesaCode(code)) {
      const message =
        code.trim() === ''
          ? `${field}: an M-Pesa payment needs its transaction code (${FORM})`
          : `${field}: ${JSON.stringify(code)} is not an M-Pesa transaction code (${FORM})`;
      problems.push({ field, sent: code, message });
      return;
    }
    const earlier = firstAt.get(code);
    if (earlier !== undefined) {
      problems.push({ field, sent: code, message: `${field}: ${code} is already the code of channelsDto[${earlier}]: one M-Pesa payment pays once` });
      return;
    }
    firstAt.set(code, i);
    codes[i] = code;
  });
  return { codes, problems };
}
