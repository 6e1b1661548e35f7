/**
 * Cash sales: the sale list (4.1), the sale item list (4.2) and the save (4.4).
 */
import { Type, type Static } from '@sinclair/typebox';
import { AfterDate, AfterId, DateText, Envelope, EpochMs, Id, Limit, Money, Nullable, Start, SuccessMessage } from './common.js';
import { PAYMENT_METHODS } from './enums.js';

export { PAYMENT_METHODS, type PaymentMethod } from './enums.js';

export const PaymentMethodSchema = Type.Union(PAYMENT_METHODS.map((m) => Type.Literal(m)));

/** 2.2: a cash sale. */
export const CashSaleRecord = Type.Object({
  id: Id,
  issueDate: EpochMs,
  issuedTo: Nullable(Type.String()),
  issuedToPhone: Nullable(Type.String()),
  amountPaid: Money,
  paymentMethod: Nullable(Type.String()),
  transactionType: Nullable(Type.String()),
  refNo: Nullable(Type.String()),
  receiptNo: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  companyId: Id,
  cashbookId: Nullable(Id),
  retailShopId: Nullable(Id),
  userId: Nullable(Id),
  totalDiscount: Money,
  totalTax: Money,
  subTotal: Money,
  totalAmount: Money,
  balance: Money,
});
export type CashSaleRecord = Static<typeof CashSaleRecord>;

/** 2.3: a sale line with its sale's header fields. */
export const SaleItemRecord = Type.Object({
  id: Id,
  itemName: Nullable(Type.String()),
  itemProductId: Nullable(Id),
  itemProductCatId: Nullable(Id),
  invItemSpecsId: Type.Optional(Nullable(Id)),
  batchItemIssueId: Nullable(Id),
  buyingPrice: Money,
  originalBuyingPrice: Nullable(Money),
  defaultBuyingPrice: Nullable(Money),
  unitCost: Money,
  qty: Type.Number(),
  discount: Money,
  taxIncExc: Type.String({ pattern: '^[0-9]$' }),
  taxRateId: Nullable(Id),
  taxRate: Type.Number(),
  taxAmount: Money,
  lineTotal: Money,
  profit: Money,
  issuedTo: Nullable(Type.String()),
  issuedToPhone: Nullable(Type.String()),
  issueDate: EpochMs,
  refNo: Nullable(Type.String()),
  retailShopId: Nullable(Id),
  companyId: Id,
  userId: Nullable(Id),
});
export type SaleItemRecord = Static<typeof SaleItemRecord>;

/** The sale list may carry sale item records among its sales (2.2, last line). */
export const CashSaleListRecord = Type.Union([CashSaleRecord, SaleItemRecord]);
export type CashSaleListRecord = CashSaleRecord | SaleItemRecord;

/**
 * Tells a sale item record from a sale in the cash sale list: only a line has an item
 * name, a quantity and a line total; only a sale has a receipt number and a total amount.
 */
export function isSaleItemRecord(record: CashSaleListRecord): record is SaleItemRecord {
  const r = record as Record<string, unknown>;
  return 'lineTotal' in r && 'qty' in r && !('totalAmount' in r);
}

/**
 * A record's identity in the cash sale list, for walking it page by page: a sale and a sale
 * item record mixed into the list may share an id.
 */
export function cashSaleListKey(record: object): string | number {
  const id = (record as { id?: unknown }).id;
  if (typeof id !== 'number') return JSON.stringify(record);
  return isSaleItemRecord(record as CashSaleListRecord) ? `line ${id}` : id;
}

/** Whether a cash sale list record is a sale (what the list's count counts), not a mixed-in sale line. */
export function isCashSaleRecord(record: object): boolean {
  return !isSaleItemRecord(record as CashSaleListRecord);
}

export const CashSaleListQuery = Type.Object({
  companyId: Type.Optional(Id),
  retailShopId: Type.Optional(Id),
  salesPersonId: Type.Optional(Id),
  start: Type.Optional(Start),
  limit: Type.Optional(Limit),
  afterDate: Type.Optional(AfterDate),
  afterId: Type.Optional(AfterId),
});
export type CashSaleListQuery = Static<typeof CashSaleListQuery>;
export const CashSaleListResponse = Envelope(CashSaleListRecord);
export type CashSaleListResponse = Static<typeof CashSaleListResponse>;

export const SaleItemListQuery = Type.Object({
  companyId: Id,
  retailShopId: Type.Optional(Id),
  salesPersonId: Type.Optional(Id),
  itemId: Type.Optional(Id),
  itemCategoryId: Type.Optional(Id),
  start: Type.Optional(Start),
  limit: Type.Optional(Limit),
  afterDate: Type.Optional(AfterDate),
  afterId: Type.Optional(AfterId),
});
export type SaleItemListQuery = Static<typeof SaleItemListQuery>;
export const SaleItemListResponse = Envelope(SaleItemRecord);
export type SaleItemListResponse = Static<typeof SaleItemListResponse>;

/** itemIssuesDto element: one sale line as the client sends it. */
export const SaleLineInput = Type.Object({
  item: Type.String({ minLength: 1, maxLength: 200 }),
  itemProductId: Id,
  invItemSpecsId: Type.Optional(Nullable(Id)),
  buyingPrice: Type.Number({ minimum: 0 }),
  unitCost: Type.Number({ minimum: 0 }),
  qty: Type.Number({ exclusiveMinimum: 0 }),
  discount: Type.Number({ minimum: 0 }),
  taxIncExc: Type.Union([Type.Literal(0), Type.Literal(1)]),
  taxRateId: Type.Optional(Nullable(Id)),
  taxRate: Type.Number({ minimum: 0, maximum: 100 }),
  taxAmount: Type.Number(),
  lineTotal: Type.Number(),
});
export type SaleLineInput = Static<typeof SaleLineInput>;

/**
 * channelsDto element: one payment over a channel. `tendered` is this project's addition, sent
 * only to the local server: the cash handed over when more than `amount` (the rest is change).
 */
export const PaymentChannelInput = Type.Object({
  channelId: Id,
  referenceNo: Type.String({ maxLength: 100 }),
  amount: Type.Number({ minimum: 0 }),
  tendered: Type.Optional(Type.Number({ minimum: 0 })),
});
export type PaymentChannelInput = Static<typeof PaymentChannelInput>;

/** 4.4: the save request. itemIssuesDto holds at least one line (DOMAIN.md). */
export const SaveCashSaleBody = Type.Object({
  id: Type.Optional(Id),
  issueDate: Type.Optional(DateText),
  issuedTo: Type.String({ minLength: 1, maxLength: 200 }),
  issuedToPhone: Type.String({ maxLength: 50 }),
  amountPaid: Type.Number({ minimum: 0 }),
  paymentMethod: PaymentMethodSchema,
  transactionType: PaymentMethodSchema,
  refNo: Type.String({ maxLength: 100 }),
  notes: Type.String({ maxLength: 1000 }),
  cashbookId: Id,
  totalTax: Type.Number(),
  subTotal: Type.Number(),
  totalAmount: Type.Number(),
  userId: Id,
  retailShopId: Id,
  companyId: Id,
  totalDiscount: Type.Optional(Type.Number({ minimum: 0 })),
  itemIssuesDto: Type.Array(SaleLineInput, { minItems: 1, maxItems: 500 }),
  channelsDto: Type.Optional(Type.Array(PaymentChannelInput, { maxItems: 20 })),
});
export type SaveCashSaleBody = Static<typeof SaveCashSaleBody>;

/** The save response: success and message, plus the sale's id and receipt number. */
export const SaveCashSaleResponse = Type.Intersect([SuccessMessage, Type.Object({ id: Type.Optional(Id), receiptNo: Type.Optional(Type.String()) })]);
export type SaveCashSaleResponse = Static<typeof SaveCashSaleResponse>;

/** The request header that makes a save safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
