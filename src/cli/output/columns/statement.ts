import type { StatementRecord } from '../../../contract/index.js';
import type { StatementStatus } from '../statement-status.js';
import { FIGURE_NAMES } from '../../../domain/figure-names.js';
import { columnSet, type Column, type RowSum } from './types.js';

/**
 * What a statement's row adds up to, as its PDF does: balance brought forward + income + tax
 * collected for the landlord - management fees with their VAT - expenses - payments held back
 * = net amount due (domain/statement-figures.ts).
 */
const STATEMENT_PAYABLE: RowSum = {
  result: 'amtPyble',
  terms: [
    { key: 'balBf', sign: 1 },
    { key: 'periodIncome', sign: 1 },
    { key: 'periodVat', sign: 1 },
    { key: 'manFeesTotal', sign: -1 },
    { key: 'expenses', sign: -1 },
    { key: 'deferredPaymentAmt', sign: -1 },
  ],
};

/** Landlord property statements (interface 2.7), with the interface's spellings. */
export const statementColumns = columnSet<StatementRecord>(
  'statement',
  [
    { key: 'id', header: 'ID', kind: 'integer' },
    { key: 'propertyId', header: 'Property ID', kind: 'integer' },
    { key: 'regionId', header: 'Region ID', kind: 'integer' },
    { key: 'preparedById', header: 'Prepared by ID', kind: 'integer' },
    { key: 'propertyName', header: 'Property', kind: 'text' },
    { key: 'propertyCode', header: 'Property code', kind: 'text' },
    { key: 'propertyEmail', header: 'Property email', kind: 'text' },
    { key: 'regionName', header: 'Region', kind: 'text' },
    { key: 'lrNo', header: 'LR no', kind: 'text' },
    { key: 'lldCode', header: 'Landlord code', kind: 'text' },
    { key: 'lldName', header: 'Landlord', kind: 'text' },
    { key: 'month', header: 'Month', kind: 'text' },
    { key: 'year', header: 'Year', kind: 'integer' },
    { key: 'withEffectFrom', header: 'From', kind: 'date' },
    { key: 'withEffectTo', header: 'To', kind: 'date' },
    { key: 'datePrepared', header: 'Prepared', kind: 'date' },
    { key: 'dueDate', header: 'Due', kind: 'date' },
    { key: 'totalMktRent', header: 'Market rent', kind: 'money', total: true },
    { key: 'totalRent', header: 'Rent', kind: 'money', total: true },
    { key: 'totalUtility', header: 'Service charges (pay advice)', kind: 'money', total: true },
    { key: 'rentInvoiced', header: 'Rent invoiced', kind: 'money', total: true },
    { key: 'rentInvoicedTax', header: 'Rent invoiced tax', kind: 'money', total: true },
    { key: 'utilityInvoiced', header: FIGURE_NAMES.serviceChargesInvoiced, kind: 'money', total: true },
    { key: 'rentBalBf', header: 'Rent b/f', kind: 'money', total: true },
    { key: 'rentBalCf', header: 'Rent c/f', kind: 'money', total: true },
    { key: 'recievedRent', header: 'Rent received', kind: 'money', total: true },
    { key: 'paidRentTax', header: 'Rent tax paid', kind: 'money', total: true },
    { key: 'receivedUtility', header: FIGURE_NAMES.serviceChargesReceived, kind: 'money', total: true },
    { key: 'tenantToLld', header: 'Tenant to landlord', kind: 'money', total: true },
    { key: 'rcptFromLld', header: 'Receipt from landlord', kind: 'money', total: true },
    { key: 'expenses', header: 'Expenses', kind: 'money', total: true },
    { key: 'manFeesRate', header: 'Fee %', kind: 'number' },
    { key: 'manFees', header: 'Fees', kind: 'money', total: true },
    { key: 'manFeesTax', header: 'Fees tax', kind: 'money', total: true },
    { key: 'manFeesTotal', header: 'Fees total', kind: 'money', total: true },
    { key: 'balBf', header: 'Balance b/f', kind: 'money', total: true },
    { key: 'amtPyble', header: 'Payable', kind: 'money', total: true },
    { key: 'stmtAmtPyble', header: 'Statement payable', kind: 'money', total: true },
    { key: 'prepareByName', header: 'Prepared by', kind: 'text' },
    { key: 'periodIncome', header: 'Period income', kind: 'money', total: true },
    { key: 'periodVat', header: 'Period VAT', kind: 'money', total: true },
    { key: 'periodExpense', header: 'Period expense', kind: 'money', total: true },
    { key: 'lessPeriodTxn', header: 'Less period txn', kind: 'money', total: true },
    { key: 'lldPmtType', header: 'Payment type', kind: 'text' },
    { key: 'srvcName', header: 'Service', kind: 'text' },
    { key: 'rentalTax', header: 'Rental tax', kind: 'money', total: true },
    { key: 'rentalTaxComm', header: 'Rental tax comm', kind: 'money', total: true },
    { key: 'rentalTaxCommVat', header: 'Rental tax comm VAT', kind: 'money', total: true },
    { key: 'statementType', header: 'Type', kind: 'text' },
    { key: 'stmtIncomeLabel', header: 'Income label', kind: 'text' },
    { key: 'rentDetailsHtml', header: 'Rent details (HTML)', kind: 'text' },
    { key: 'monthlyReconStmt', header: 'Monthly recon', kind: 'text' },
    { key: 'deferedAmount', header: 'Deferred', kind: 'money', total: true },
    { key: 'deferredPaymentAmt', header: 'Deferred payment', kind: 'money', total: true },
    { key: 'dateApproved', header: 'Approved', kind: 'date' },
    { key: 'approvedById', header: 'Approved by ID', kind: 'integer' },
    { key: 'approvedByName', header: 'Approved by', kind: 'text' },
    { key: 'approvedForPmt', header: 'Approved for payment', kind: 'text' },
    { key: 'lessPeriodTxnOnly', header: 'Less period txn only', kind: 'money', total: true },
    { key: 'addPeriodTxn', header: 'Add period txn', kind: 'money', total: true },
    { key: 'provisionPmt', header: 'Provision payment', kind: 'money', total: true },
    { key: 'provisionComms', header: 'Provision comms', kind: 'money', total: true },
    { key: 'reconcilingPmt', header: 'Reconciling payment', kind: 'money', total: true },
    { key: 'reconcilingComms', header: 'Reconciling comms', kind: 'money', total: true },
  ],
  ['id', 'propertyName', 'lldName', 'month', 'year', 'statementType', 'datePrepared', 'periodIncome', 'amtPyble'],
  // A narrow table keeps the id (what the statement commands take) and what is due.
  ['id', 'propertyName', 'amtPyble', 'statementType', 'month', 'year', 'lldName', 'datePrepared', 'periodIncome'],
  STATEMENT_PAYABLE,
);

/** A statement with its workflow status (statement-status.ts), as `statements` lists them. */
export type StatementWithStatus = StatementRecord & { status: StatementStatus };

export const statementWithStatusColumns = columnSet<StatementWithStatus>(
  'statement',
  [...(statementColumns.columns as readonly (Column & { key: keyof StatementRecord })[]), { key: 'status', header: 'Status', kind: 'text', whole: true }],
  ['id', 'propertyName', 'month', 'year', 'status', 'datePrepared', 'periodIncome', 'amtPyble'],
  // The id is what statement-pdf and the local statement commands take: it stays in a narrow table.
  ['id', 'propertyName', 'status', 'amtPyble', 'month', 'year', 'periodIncome', 'datePrepared'],
  STATEMENT_PAYABLE,
);

/** CSV of statements: the rent details HTML only when --fields asks for it. */
export const statementCsvColumns = { ...statementWithStatusColumns, csvOnRequest: ['rentDetailsHtml'] };
