/**
 * The landlord pay advice of one property for one month (DOMAIN.md "Landlord pay advice").
 *
 * The payment type decides what counts:
 * - COMBINED: rent and service charges;
 * - RENT_ONLY: rent only;
 * - SERVICE_CHARGE_ONLY: the one service asked for (the caller restricts the service figures
 *   of each line to it), or every service charge when none is named.
 * A rent line shows, for what the type covers: monthlyCharge (charged in M without tax),
 * invoiced (charged in M with tax), balanceBf, amountPaid (paid in M without tax),
 * amountPaidTax and balanceCf, so that balanceCf = balanceBf + invoiced - amountPaid - amountPaidTax.
 */
import type { LandlordPaymentType, StatementType } from '../contract/pay-advice.js';
import { percentOf, sumCents, type Cents } from './money.js';
import type { PaidBalanceFigures } from './paid-balance.js';

export interface PayAdviceLineInput {
  unitId: number;
  unitNo: string;
  /** The tenant's name, or the vacant placeholder. */
  tenantName: string;
  marketRent: Cents;
  figures: PaidBalanceFigures;
}

export interface ExpenseInput {
  date: number;
  description: string;
  amount: Cents;
}

export interface PayAdviceInput {
  paymentType: LandlordPaymentType;
  lines: readonly PayAdviceLineInput[];
  /** The property's management fee rate in basis points (1000 = 10%). */
  manFeeRateBp: number;
  /** The company's VAT on services in basis points (1600 = 16%). */
  vatRateBp: number;
  expenses: readonly ExpenseInput[];
  /** Carried forward by the property's last FINAL statement before the month (0 if none). */
  balanceBf: Cents;
  /** Amounts held back from the landlord this month (0 unless a statement says otherwise). */
  deferredPayment?: Cents;
  statementType: StatementType;
  withEffectFrom: number;
  withEffectTo: number;
  /** The service's name with SERVICE_CHARGE_ONLY. */
  serviceName?: string | null;
}

export interface RentLineFigures {
  unitId: number;
  unitNo: string;
  tenantName: string;
  marketRent: Cents;
  monthlyCharge: Cents;
  invoiced: Cents;
  /** Of invoiced: the tax. */
  invoicedTax: Cents;
  balanceBf: Cents;
  amountPaid: Cents;
  amountPaidTax: Cents;
  balanceCf: Cents;
}

export interface PayAdviceFigures {
  paymentType: LandlordPaymentType;
  rentReceived: Cents;
  totalUtility: Cents;
  periodIncome: Cents;
  /** Lease premiums: none are recorded by the local server. */
  termLeaseRecpt: Cents;
  taxReceived: Cents;
  periodExpense: Cents;
  manFeesRateBp: number;
  manFees: Cents;
  manFeesVat: Cents;
  totalDeductions: Cents;
  balanceBf: Cents;
  deferredAmount: Cents;
  deferredPayment: Cents;
  netAmountDue: Cents;
  statementType: StatementType;
  withEffectFrom: number;
  withEffectTo: number;
  stmtIncomeLabel: string;
  rentsList: RentLineFigures[];
  expenseList: ExpenseInput[];
}

export function rentLine(paymentType: LandlordPaymentType, line: PayAdviceLineInput): RentLineFigures {
  const f = line.figures;
  const base = { unitId: line.unitId, unitNo: line.unitNo, tenantName: line.tenantName, marketRent: line.marketRent };
  switch (paymentType) {
    case 'RENT_ONLY':
      return {
        ...base,
        monthlyCharge: f.rentWoTax,
        invoiced: f.rentWoTax + f.rentTax,
        invoicedTax: f.rentTax,
        balanceBf: f.rentBalBf,
        amountPaid: f.paidRent,
        amountPaidTax: f.paidRentTax,
        balanceCf: f.rentBalCf,
      };
    case 'SERVICE_CHARGE_ONLY':
      return {
        ...base,
        monthlyCharge: f.srvcWoTax,
        invoiced: f.srvcWoTax + f.srvcTax,
        invoicedTax: f.srvcTax,
        balanceBf: f.srvcBalBf,
        amountPaid: f.paidSrvc,
        amountPaidTax: f.paidSrvcTax,
        balanceCf: f.srvcBalCf,
      };
    case 'COMBINED':
      return {
        ...base,
        monthlyCharge: f.rentWoTax,
        invoiced: f.rentWoTax + f.rentTax + f.srvcWoTax + f.srvcTax,
        invoicedTax: f.rentTax + f.srvcTax,
        balanceBf: f.totalBf,
        amountPaid: f.paidRent + f.paidSrvc,
        amountPaidTax: f.paidRentTax + f.paidSrvcTax,
        balanceCf: f.totalCf,
      };
  }
}

export function incomeLabel(paymentType: LandlordPaymentType, serviceName?: string | null): string {
  switch (paymentType) {
    case 'RENT_ONLY':
      return 'Rent received';
    case 'SERVICE_CHARGE_ONLY':
      return serviceName ? `${serviceName} received` : 'Service charges received';
    case 'COMBINED':
      return 'Rent and service charges received';
  }
}

export function payAdvice(input: PayAdviceInput): PayAdviceFigures {
  const { paymentType } = input;
  const rentsList = input.lines.map((line) => rentLine(paymentType, line));
  const rentReceived = paymentType === 'SERVICE_CHARGE_ONLY' ? 0 : sumCents(input.lines.map((l) => l.figures.paidRent));
  const totalUtility = paymentType === 'RENT_ONLY' ? 0 : sumCents(input.lines.map((l) => l.figures.paidSrvc));
  const periodIncome = rentReceived + totalUtility;
  // Tax is collected for the landlord and passed on: never part of the fee base.
  const taxReceived = sumCents(rentsList.map((l) => l.amountPaidTax));
  const manFees = percentOf(periodIncome, input.manFeeRateBp);
  const manFeesVat = percentOf(manFees, input.vatRateBp);
  const periodExpense = sumCents(input.expenses.map((e) => e.amount));
  const totalDeductions = manFees + manFeesVat + periodExpense;
  const deferredPayment = input.deferredPayment ?? 0;
  const netAmountDue = input.balanceBf + periodIncome + taxReceived - totalDeductions - deferredPayment;
  return {
    paymentType,
    rentReceived,
    totalUtility,
    periodIncome,
    termLeaseRecpt: 0,
    taxReceived,
    periodExpense,
    manFeesRateBp: input.manFeeRateBp,
    manFees,
    manFeesVat,
    totalDeductions,
    balanceBf: input.balanceBf,
    deferredAmount: deferredDeductions(netAmountDue, totalDeductions),
    deferredPayment,
    netAmountDue,
    statementType: input.statementType,
    withEffectFrom: input.withEffectFrom,
    withEffectTo: input.withEffectTo,
    stmtIncomeLabel: incomeLabel(paymentType, input.serviceName),
    rentsList,
    expenseList: [...input.expenses].sort((a, b) => a.date - b.date),
  };
}

/**
 * Deductions the month cannot cover move to the next month: with a negative net amount due,
 * the uncovered part of this month's deductions (never more than them; an older debt carried
 * in balanceBf is not a deduction of this month).
 */
export function deferredDeductions(netAmountDue: Cents, totalDeductions: Cents): Cents {
  return netAmountDue < 0 ? Math.min(-netAmountDue, totalDeductions) : 0;
}

/**
 * What a FINAL statement carries into the next month's balanceBf: a positive amount due is
 * paid out to the landlord, so only a debt (negative) carries over, plus anything held back
 * (deferredPayment), which is still owed to the landlord.
 */
export function balanceCarriedForward(netAmountDue: Cents, deferredPayment: Cents): Cents {
  return Math.min(netAmountDue, 0) + deferredPayment;
}
