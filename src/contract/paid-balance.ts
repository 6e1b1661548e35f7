/**
 * Tenant paid and balance (4.5): a bare array of rows, one per tenancy active in the month or
 * that received money in it, and one per vacant unit.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Money, Month, Nullable, Year } from './common.js';

/** 2.5 */
export const PaidBalanceRow = Type.Object({
  property: Nullable(Type.String()),
  unitNo: Nullable(Type.String()),
  /** "" for a vacant unit. */
  tntAccount: Type.String(),
  /** "" for a vacant unit or a tenant without a phone. */
  phoneNo: Type.String(),
  tenant: Nullable(Type.String()),
  /** The tenancy's id; 0 for a vacant unit. */
  putmId: Type.Integer({ minimum: 0 }),
  marketRent: Money,
  rentWoTax: Money,
  rentTax: Money,
  srvcWoTax: Money,
  srvcTax: Money,
  paidRent: Money,
  paidRentTax: Money,
  paidSrvc: Money,
  paidSrvcTax: Money,
  rentWoTaxPrev: Money,
  srvcWoTaxPrev: Money,
  rentTaxPrev: Nullable(Money),
  srvcTaxPrev: Nullable(Money),
  paidRentPrev: Money,
  paidSrvcPrev: Money,
  rentBalBf: Money,
  srvcBalBf: Money,
  totalBf: Money,
  rentBalCf: Money,
  srvcBalCf: Money,
  totalCf: Money,
  txnDate: Nullable(Type.Number()),
  txnRefNo: Nullable(Type.String()),
  descr: Nullable(Type.String()),
  expense: Nullable(Type.Number()),
  odnsTotalUnitCost: Money,
  odnsPaidItAmount: Money,
  odnsBalBf: Money,
  odnsPaidArrears: Nullable(Money),
  stmtSection: Nullable(Type.String()),
  vacant: Type.Integer({ minimum: 0, maximum: 1 }),
  occupied: Type.Integer({ minimum: 0, maximum: 1 }),
  id: Nullable(Id),
});
export type PaidBalanceRow = Static<typeof PaidBalanceRow>;

export const PaidBalanceQuery = Type.Object({
  companyId: Id,
  zoneId: Type.Optional(Id),
  fieldOfficerId: Type.Optional(Id),
  propertyId: Type.Optional(Id),
  month: Type.Optional(Month),
  year: Type.Optional(Year),
});
export type PaidBalanceQuery = Static<typeof PaidBalanceQuery>;
export const PaidBalanceResponse = Type.Array(PaidBalanceRow);
export type PaidBalanceResponse = Static<typeof PaidBalanceResponse>;
