/**
 * The names of a landlord's figures wherever a person reads them: the pay advice at the
 * terminal, the statement's PDF and the statement tables. One figure has one name, so the
 * service charges the pay advice shows are found under the same words on the statement.
 */
export const FIGURE_NAMES = {
  rentReceived: 'Rent received',
  serviceChargesReceived: 'Service charges received',
  serviceChargesInvoiced: 'Service charges invoiced',
  taxForLandlord: 'Tax collected for the landlord',
  managementFees: 'Management fees',
  managementFeesVat: 'VAT on management fees',
  expenses: 'Expenses',
  totalDeductions: 'Total deductions',
  balanceBf: 'Balance brought forward',
  deferredPayment: 'Payments held back',
  deferredAmount: 'Deductions deferred to next month',
  netAmountDue: 'Net amount due',
} as const;
