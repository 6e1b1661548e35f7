/**
 * The payments of given sales, outside the interface: served by the local server only
 * (GET /api/local/sale-payments). The interface's sale record carries amountPaid and one
 * paymentMethod; the channels a sale was paid through (and the cash tendered, with the change
 * given) are saved but not listed by it. A client talking to another server finds this path
 * missing (404) and shows the record's own amountPaid and paymentMethod instead.
 *
 * A sale saved without channelsDto has one payment: its whole amountPaid by paymentMethod
 * (DOMAIN.md), with channelId null. A sale wholly on credit has none.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money, Nullable } from './common.js';
import { PaymentMethodSchema } from './cash-sale.js';

export const SALE_PAYMENTS_PATH = '/api/local/sale-payments';

/** At most this many sale ids per request: one page of the sale list. */
export const MAX_SALE_PAYMENT_IDS = 1000;

export const SalePaymentsQuery = Type.Object({
  companyId: Id,
  /** Comma-separated sale ids. */
  saleIds: Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 16000 }),
});
export type SalePaymentsQuery = Static<typeof SalePaymentsQuery>;

export const SalePayment = Type.Object({
  saleId: Id,
  channelId: Nullable(Id),
  /** The channel's name ("M-Pesa till 123"), or the method when no channel was named. */
  name: Type.String(),
  method: PaymentMethodSchema,
  referenceNo: Nullable(Type.String()),
  amount: Money,
  /** Cash handed over, when more than the amount: the difference was given back as change. */
  tendered: Nullable(Money),
  change: Nullable(Money),
});
export type SalePayment = Static<typeof SalePayment>;

export const SalePaymentsResponse = Type.Object({ list: Type.Array(SalePayment) });
export type SalePaymentsResponse = Static<typeof SalePaymentsResponse>;
