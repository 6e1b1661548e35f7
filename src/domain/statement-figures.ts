/**
 * The figures a landlord statement freezes from the pay advice (DOMAIN.md "Landlord
 * statements"): recievedRent = rentReceived, receivedUtility = totalUtility, manFeesTax =
 * manFeesVat, manFeesTotal = manFees + manFeesTax, expenses = periodExpense, balBf = balanceBf,
 * periodVat = taxReceived, amtPyble = stmtAmtPyble = netAmountDue.
 */
import { sumCents, type Cents } from './money.js';
import { balanceCarriedForward, type PayAdviceFigures } from './pay-advice.js';

export interface StatementFigures {
  totalMktRent: Cents;
  totalRent: Cents;
  totalUtility: Cents;
  rentInvoiced: Cents;
  rentInvoicedTax: Cents;
  utilityInvoiced: Cents;
  rentBalBf: Cents;
  rentBalCf: Cents;
  recievedRent: Cents;
  paidRentTax: Cents;
  receivedUtility: Cents;
  tenantToLld: Cents;
  rcptFromLld: Cents;
  expenses: Cents;
  manFeesRateBp: number;
  manFees: Cents;
  manFeesTax: Cents;
  manFeesTotal: Cents;
  balBf: Cents;
  amtPyble: Cents;
  stmtAmtPyble: Cents;
  periodIncome: Cents;
  periodVat: Cents;
  periodExpense: Cents;
  lessPeriodTxn: Cents;
  rentalTax: Cents;
  rentalTaxComm: Cents;
  rentalTaxCommVat: Cents;
  deferedAmount: Cents;
  deferredPaymentAmt: Cents;
  /** What a FINAL statement carries into the next month's balanceBf. */
  balanceCf: Cents;
}

export function statementFigures(advice: PayAdviceFigures): StatementFigures {
  const lines = advice.rentsList;
  // A unit let twice in one month has two lines; its market rent counts once.
  const marketRents = new Map(lines.map((l) => [l.unitId, l.marketRent]));
  const invoicedWithoutTax = sumCents(lines.map((l) => l.invoiced - l.invoicedTax));
  const rentInvoiced = advice.paymentType === 'SERVICE_CHARGE_ONLY' ? 0 : sumCents(lines.map((l) => l.monthlyCharge));
  return {
    totalMktRent: sumCents(marketRents.values()),
    totalRent: sumCents(lines.map((l) => l.monthlyCharge)),
    totalUtility: advice.totalUtility,
    rentInvoiced,
    rentInvoicedTax: sumCents(lines.map((l) => l.invoicedTax)),
    utilityInvoiced: invoicedWithoutTax - rentInvoiced,
    rentBalBf: sumCents(lines.map((l) => l.balanceBf)),
    rentBalCf: sumCents(lines.map((l) => l.balanceCf)),
    recievedRent: advice.rentReceived,
    paidRentTax: advice.taxReceived,
    receivedUtility: advice.totalUtility,
    tenantToLld: 0,
    rcptFromLld: 0,
    expenses: advice.periodExpense,
    manFeesRateBp: advice.manFeesRateBp,
    manFees: advice.manFees,
    manFeesTax: advice.manFeesVat,
    manFeesTotal: advice.manFees + advice.manFeesVat,
    balBf: advice.balanceBf,
    amtPyble: advice.netAmountDue,
    stmtAmtPyble: advice.netAmountDue,
    periodIncome: advice.periodIncome,
    periodVat: advice.taxReceived,
    periodExpense: advice.periodExpense,
    lessPeriodTxn: advice.totalDeductions,
    rentalTax: 0,
    rentalTaxComm: 0,
    rentalTaxCommVat: 0,
    deferedAmount: advice.deferredAmount,
    deferredPaymentAmt: advice.deferredPayment,
    balanceCf: balanceCarriedForward(advice.netAmountDue, advice.deferredPayment),
  };
}
