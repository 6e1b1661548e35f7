import type { CashSaleRecord } from '../../../contract/index.js';
import type { SalePayment } from '../../../contract/sale-payments.js';
import { columnSet, type Column, type RowSum } from './types.js';

/** A sale with its payments, as the local server gives them (GET /api/local/sale-payments). */
export type CashSaleWithPayments = CashSaleRecord & { payments?: SalePayment[] };

/** A sale's balance is what is still owed of it: total - paid; a narrow table keeps the three together. */
const SALE_BALANCE: RowSum = {
  result: 'balance',
  terms: [
    { key: 'totalAmount', sign: 1 },
    { key: 'amountPaid', sign: -1 },
  ],
};

/** Cash sales (interface 2.2). */
export const cashSaleColumns = columnSet<CashSaleRecord>(
  'cash sale',
  [
    { key: 'id', header: 'ID', kind: 'integer' },
    { key: 'issueDate', header: 'Date', kind: 'date' },
    { key: 'issuedTo', header: 'Customer', kind: 'text' },
    { key: 'issuedToPhone', header: 'Phone', kind: 'text' },
    { key: 'amountPaid', header: 'Paid', kind: 'money', total: true },
    { key: 'paymentMethod', header: 'Method', kind: 'text' },
    { key: 'transactionType', header: 'Txn type', kind: 'text' },
    { key: 'refNo', header: 'Ref no', kind: 'text' },
    { key: 'receiptNo', header: 'Receipt', kind: 'text' },
    { key: 'notes', header: 'Notes', kind: 'text' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
    { key: 'cashbookId', header: 'Cashbook', kind: 'integer' },
    { key: 'retailShopId', header: 'Shop', kind: 'integer' },
    { key: 'userId', header: 'Sales person', kind: 'integer' },
    { key: 'totalDiscount', header: 'Discount', kind: 'money', total: true },
    { key: 'totalTax', header: 'Tax', kind: 'money', total: true },
    { key: 'subTotal', header: 'Subtotal', kind: 'money', total: true },
    { key: 'totalAmount', header: 'Total', kind: 'money', total: true },
    { key: 'balance', header: 'Balance', kind: 'money', total: true },
  ],
  ['id', 'issueDate', 'receiptNo', 'issuedTo', 'totalAmount', 'amountPaid', 'balance', 'paymentMethod'],
  ['receiptNo', 'issueDate', 'totalAmount', 'amountPaid', 'balance', 'issuedTo', 'paymentMethod', 'id'],
  SALE_BALANCE,
);

/** Cash sales with each sale's payments: the list from a server that gives them. */
export const cashSaleWithPaymentColumns = columnSet<CashSaleWithPayments>(
  'cash sale',
  [...(cashSaleColumns.columns as readonly (Column & { key: keyof CashSaleRecord })[]), { key: 'payments', header: 'Payments', kind: 'payments' }],
  ['id', 'issueDate', 'receiptNo', 'issuedTo', 'totalAmount', 'amountPaid', 'balance', 'payments'],
  ['receiptNo', 'issueDate', 'totalAmount', 'amountPaid', 'balance', 'issuedTo', 'payments', 'id'],
  SALE_BALANCE,
);
