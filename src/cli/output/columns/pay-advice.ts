import type { ExpenseLine, PayAdvice, RentLine } from '../../../contract/index.js';
import { FIGURE_NAMES } from '../../../domain/figure-names.js';
import { columnSet, type Column } from './types.js';

/** Rent lines of a pay advice (interface 2.6): one per unit; balance b/f + invoiced - paid - paid tax = balance c/f. */
export const rentLineColumns = columnSet<RentLine>(
  'rent line',
  [
    { key: 'unitNo', header: 'Unit', kind: 'text' },
    { key: 'tenantName', header: 'Tenant', kind: 'text' },
    { key: 'monthlyCharge', header: 'Monthly charge', kind: 'money', total: true },
    { key: 'invoiced', header: 'Invoiced', kind: 'money', total: true },
    { key: 'balanceBf', header: 'Balance b/f', kind: 'money', total: true },
    { key: 'amountPaid', header: 'Paid', kind: 'money', total: true },
    { key: 'amountPaidTax', header: 'Paid tax', kind: 'money', total: true },
    { key: 'balanceCf', header: 'Balance c/f', kind: 'money', total: true },
  ],
  ['unitNo', 'tenantName', 'monthlyCharge', 'balanceBf', 'invoiced', 'amountPaid', 'amountPaidTax', 'balanceCf'],
  ['unitNo', 'tenantName', 'balanceCf', 'amountPaid', 'invoiced', 'balanceBf', 'amountPaidTax', 'monthlyCharge'],
  {
    result: 'balanceCf',
    terms: [
      { key: 'balanceBf', sign: 1 },
      { key: 'invoiced', sign: 1 },
      { key: 'paidWithTax', header: 'Paid with tax', sign: -1, members: ['amountPaid', 'amountPaidTax'] },
    ],
  },
);

/** Expense lines of a pay advice. */
export const expenseLineColumns = columnSet<ExpenseLine>(
  'expense line',
  [
    { key: 'txnDate', header: 'Date', kind: 'date' },
    { key: 'description', header: 'Description', kind: 'text' },
    { key: 'amount', header: 'Amount', kind: 'money', total: true },
  ],
  ['txnDate', 'description', 'amount'],
);

type SummaryKey = Exclude<Extract<keyof PayAdvice, string>, 'rentsList' | 'expenseList'>;

/** The pay advice's own fields, in contract order, shown as a label/value summary; a figure the statement's PDF shows too is named as it names it. */
export const payAdviceSummaryColumns: readonly (Column & { readonly key: SummaryKey })[] = [
  { key: 'rentReceived', header: FIGURE_NAMES.rentReceived, kind: 'money' },
  { key: 'totalUtility', header: FIGURE_NAMES.serviceChargesReceived, kind: 'money' },
  { key: 'periodIncome', header: 'Period income', kind: 'money' },
  { key: 'termLeaseRecpt', header: 'Term lease receipts', kind: 'money' },
  { key: 'periodExpense', header: FIGURE_NAMES.expenses, kind: 'money' },
  { key: 'manFees', header: FIGURE_NAMES.managementFees, kind: 'money' },
  { key: 'manFeesVat', header: FIGURE_NAMES.managementFeesVat, kind: 'money' },
  { key: 'manFeesRate', header: 'Management fee %', kind: 'number' },
  { key: 'totalDeductions', header: FIGURE_NAMES.totalDeductions, kind: 'money' },
  { key: 'balanceBf', header: FIGURE_NAMES.balanceBf, kind: 'money' },
  { key: 'deferredAmount', header: FIGURE_NAMES.deferredAmount, kind: 'money' },
  { key: 'deferredPayment', header: FIGURE_NAMES.deferredPayment, kind: 'money' },
  { key: 'netAmountDue', header: FIGURE_NAMES.netAmountDue, kind: 'money' },
  { key: 'statementType', header: 'Statement type', kind: 'text' },
  { key: 'withEffectFrom', header: 'From', kind: 'date' },
  { key: 'withEffectTo', header: 'To', kind: 'date' },
  { key: 'stmtIncomeLabel', header: 'Income label', kind: 'text' },
  { key: 'taxReceived', header: FIGURE_NAMES.taxForLandlord, kind: 'money' },
];
