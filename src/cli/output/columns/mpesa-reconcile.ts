/**
 * `sale reconcile mpesa`: the findings (one a payment or a sale's code) and the totals per shop
 * and cashier. A finding's two amounts stand side by side, not added: its table's totals are
 * labelled as the findings' (never the statement's or the sales'); a shop's and cashier's
 * amount is what was found on the statement and what was not, kept together in a narrow table.
 */
import { columnSet, type RowSum } from './types.js';

export interface FindingRow {
  finding: string;
  code: string;
  time: number;
  when: string;
  statementAmount: number | null;
  saleAmount: number | null;
  receiptNo: string | null;
  saleId: number | null;
  shop: string | null;
  cashier: string | null;
  note: string;
}

export const findingColumns = columnSet<FindingRow>(
  'finding',
  [
    { key: 'finding', header: 'Finding', kind: 'text' },
    { key: 'code', header: 'M-Pesa code', kind: 'text' },
    { key: 'time', header: 'Date', kind: 'date' },
    // The statement's own wall-clock time (East Africa Time), to find the line in it.
    { key: 'when', header: 'Time (EAT)', kind: 'text' },
    { key: 'statementAmount', header: 'On statement', kind: 'money', total: true },
    { key: 'saleAmount', header: 'On sale', kind: 'money', total: true },
    { key: 'receiptNo', header: 'Receipt', kind: 'text' },
    { key: 'saleId', header: 'Sale', kind: 'integer' },
    { key: 'shop', header: 'Shop', kind: 'text' },
    { key: 'cashier', header: 'Cashier', kind: 'text' },
    { key: 'note', header: 'Note', kind: 'text' },
  ],
  ['finding', 'code', 'when', 'statementAmount', 'saleAmount', 'receiptNo', 'shop', 'cashier', 'note'],
  ['finding', 'code', 'statementAmount', 'saleAmount', 'receiptNo', 'when', 'cashier', 'shop', 'note'],
);

export interface ShopCashierRow {
  shop: string;
  cashier: string;
  salePayments: number;
  saleAmount: number;
  matchedAmount: number;
  notOnStatement: number;
  notOnStatementAmount: number;
}

/** A shop's and cashier's M-Pesa sales are those found on the statement and those not: a narrow table keeps the three together. */
const SALES_ON_AND_OFF_STATEMENT: RowSum = {
  result: 'saleAmount',
  terms: [
    { key: 'matchedAmount', sign: 1 },
    { key: 'notOnStatementAmount', sign: 1 },
  ],
};

export const shopCashierColumns = columnSet<ShopCashierRow>(
  'shop and cashier',
  [
    { key: 'shop', header: 'Shop', kind: 'text' },
    { key: 'cashier', header: 'Cashier', kind: 'text' },
    { key: 'salePayments', header: 'M-Pesa payments', kind: 'integer' },
    { key: 'saleAmount', header: 'Amount', kind: 'money', total: true },
    { key: 'matchedAmount', header: 'On statement', kind: 'money', total: true },
    { key: 'notOnStatement', header: 'Codes not on it', kind: 'integer' },
    { key: 'notOnStatementAmount', header: 'Not on it', kind: 'money', total: true },
  ],
  ['shop', 'cashier', 'salePayments', 'notOnStatement', 'saleAmount', 'matchedAmount', 'notOnStatementAmount'],
  ['saleAmount', 'matchedAmount', 'notOnStatementAmount', 'shop', 'cashier', 'salePayments', 'notOnStatement'],
  SALES_ON_AND_OFF_STATEMENT,
);
