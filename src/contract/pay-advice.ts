/**
 * Landlord pay advice (4.6) for one property and month.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id, Money, Month, Nullable, Year } from './common.js';

import { LANDLORD_PAYMENT_TYPES } from './enums.js';

export { LANDLORD_PAYMENT_TYPES, STATEMENT_TYPES, type LandlordPaymentType, type StatementType } from './enums.js';
export const LandlordPaymentTypeSchema = Type.Union(LANDLORD_PAYMENT_TYPES.map((t) => Type.Literal(t)));

/** A rent line: one per unit of the property. A vacant unit has a placeholder tenant name. */
export const RentLine = Type.Object({
  unitNo: Nullable(Type.String()),
  tenantName: Nullable(Type.String()),
  monthlyCharge: Money,
  invoiced: Money,
  balanceBf: Money,
  amountPaid: Money,
  amountPaidTax: Money,
  balanceCf: Money,
});
export type RentLine = Static<typeof RentLine>;

export const ExpenseLine = Type.Object({
  txnDate: EpochMs,
  description: Nullable(Type.String()),
  amount: Money,
});
export type ExpenseLine = Static<typeof ExpenseLine>;

/** 2.6. taxReceived is the local server's addition: tax collected for the landlord. */
export const PayAdvice = Type.Object({
  rentReceived: Money,
  totalUtility: Money,
  periodIncome: Money,
  termLeaseRecpt: Money,
  periodExpense: Money,
  manFees: Money,
  manFeesVat: Money,
  manFeesRate: Type.Number(),
  totalDeductions: Money,
  balanceBf: Money,
  deferredAmount: Money,
  deferredPayment: Money,
  netAmountDue: Money,
  statementType: Type.String(),
  withEffectFrom: EpochMs,
  withEffectTo: EpochMs,
  stmtIncomeLabel: Nullable(Type.String()),
  rentsList: Type.Array(RentLine),
  expenseList: Type.Array(ExpenseLine),
  taxReceived: Type.Optional(Money),
});
export type PayAdvice = Static<typeof PayAdvice>;

export const PayAdviceQuery = Type.Object({
  companyId: Id,
  propertyId: Id,
  lldPaymentType: Type.Optional(LandlordPaymentTypeSchema),
  srvcId: Type.Optional(Id),
  month: Type.Optional(Month),
  year: Type.Optional(Year),
});
export type PayAdviceQuery = Static<typeof PayAdviceQuery>;
