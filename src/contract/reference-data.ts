/**
 * Reference data of a company that composing a sale needs and the interface does not list:
 * shops, cashbooks, sales persons, payment channels, tax rates and the products sold without a
 * serialised unit. Served by the local server only (GET /api/local/reference-data); a client
 * talking to another server finds it missing (404) and asks for ids instead.
 *
 * With `unitIds`, the answer also names those serialised units (sold or not), so a receipt can
 * show the IMEI or serial number of a unit its sale line sold.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money, Nullable } from './common.js';
import { PaymentMethodSchema } from './cash-sale.js';

export const REFERENCE_DATA_PATH = '/api/local/reference-data';

/** At most this many unit ids per request. */
export const MAX_REFERENCE_UNIT_IDS = 500;

export const ReferenceDataQuery = Type.Object({
  companyId: Id,
  /** Comma-separated unit ids (invItemSpecsId values). */
  unitIds: Type.Optional(Type.String({ pattern: '^\\d+(,\\d+)*$', maxLength: 8000 })),
});
export type ReferenceDataQuery = Static<typeof ReferenceDataQuery>;

export const ReferenceCompany = Type.Object({
  id: Id,
  name: Type.String(),
  /** IANA zone; receipts show their date in it. */
  timeZone: Type.String(),
  address: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  /**
   * ISO 4217 code of the company's amounts (receipts print it with the total). Optional: a
   * server of an earlier version does not send it, and a receipt then prints amounts alone.
   */
  currency: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{3}$' }))),
  /** Tax registration number (e.g. a KRA PIN), printed under the company's name; null: none set. Optional as currency is. */
  taxNumber: Type.Optional(Nullable(Type.String())),
});

/** `location`: the shop's address; `phone` (E.164) is left out by servers before shops had their own. */
export const ReferenceShop = Type.Object({ id: Id, name: Type.String(), location: Nullable(Type.String()), phone: Type.Optional(Nullable(Type.String())) });
export const ReferenceCashbook = Type.Object({ id: Id, code: Type.String(), name: Type.String() });
export const ReferenceUser = Type.Object({ id: Id, name: Type.String(), role: Type.String() });
export const ReferencePaymentChannel = Type.Object({ id: Id, name: Type.String(), method: PaymentMethodSchema });
/** `rate` is a percentage (16 = 16%). */
export const ReferenceTaxRate = Type.Object({ id: Id, name: Type.String(), rate: Type.Number() });

/** A product sold by quantity (no serialised units): what a sale line of it needs. */
export const ReferenceProduct = Type.Object({
  id: Id,
  name: Type.String(),
  code: Type.String(),
  categoryId: Nullable(Id),
  price: Money,
  cost: Money,
  taxRateId: Nullable(Id),
  taxRate: Type.Number(),
  /** 1: the price includes tax; 0: tax is added. */
  taxIncExc: Type.Union([Type.Literal(0), Type.Literal(1)]),
});

/** A serialised unit named in `unitIds`. */
export const ReferenceUnit = Type.Object({
  id: Id,
  productId: Id,
  serialNo: Nullable(Type.String()),
  imei1: Nullable(Type.String()),
  imei2: Nullable(Type.String()),
  sold: Type.Boolean(),
});

export const ReferenceData = Type.Object({
  company: ReferenceCompany,
  shops: Type.Array(ReferenceShop),
  cashbooks: Type.Array(ReferenceCashbook),
  users: Type.Array(ReferenceUser),
  paymentChannels: Type.Array(ReferencePaymentChannel),
  taxRates: Type.Array(ReferenceTaxRate),
  products: Type.Array(ReferenceProduct),
  units: Type.Array(ReferenceUnit),
});

export type ReferenceCompany = Static<typeof ReferenceCompany>;
export type ReferenceShop = Static<typeof ReferenceShop>;
export type ReferenceCashbook = Static<typeof ReferenceCashbook>;
export type ReferenceUser = Static<typeof ReferenceUser>;
export type ReferencePaymentChannel = Static<typeof ReferencePaymentChannel>;
export type ReferenceTaxRate = Static<typeof ReferenceTaxRate>;
export type ReferenceProduct = Static<typeof ReferenceProduct>;
export type ReferenceUnit = Static<typeof ReferenceUnit>;
export type ReferenceData = Static<typeof ReferenceData>;
