import type { PaidBalanceRow } from '../../../contract/index.js';
import { columnSet } from './types.js';

/**
 * Tenant paid and balance rows (interface 2.5). Every amount adds up across tenancies, and a
 * row adds up along: total b/f + charged (rent, service, their taxes) - paid (likewise) = total c/f.
 */
export const paidBalanceColumns = columnSet<PaidBalanceRow>(
  'paid balance row',
  [
    { key: 'property', header: 'Property', kind: 'text' },
    { key: 'unitNo', header: 'Unit', kind: 'text' },
    { key: 'tntAccount', header: 'Account', kind: 'text' },
    { key: 'phoneNo', header: 'Phone', kind: 'text' },
    { key: 'tenant', header: 'Tenant', kind: 'text' },
    { key: 'putmId', header: 'Tenancy', kind: 'integer' },
    { key: 'marketRent', header: 'Market rent', kind: 'money', total: true },
    { key: 'rentWoTax', header: 'Rent', kind: 'money', total: true },
    { key: 'rentTax', header: 'Rent tax', kind: 'money', total: true },
    { key: 'srvcWoTax', header: 'Service', kind: 'money', total: true },
    { key: 'srvcTax', header: 'Service tax', kind: 'money', total: true },
    { key: 'paidRent', header: 'Paid rent', kind: 'money', total: true },
    { key: 'paidRentTax', header: 'Paid rent tax', kind: 'money', total: true },
    { key: 'paidSrvc', header: 'Paid service', kind: 'money', total: true },
    { key: 'paidSrvcTax', header: 'Paid service tax', kind: 'money', total: true },
    { key: 'rentWoTaxPrev', header: 'Rent prev', kind: 'money', total: true },
    { key: 'srvcWoTaxPrev', header: 'Service prev', kind: 'money', total: true },
    { key: 'rentTaxPrev', header: 'Rent tax prev', kind: 'money', total: true },
    { key: 'srvcTaxPrev', header: 'Service tax prev', kind: 'money', total: true },
    { key: 'paidRentPrev', header: 'Paid rent prev', kind: 'money', total: true },
    { key: 'paidSrvcPrev', header: 'Paid service prev', kind: 'money', total: true },
    { key: 'rentBalBf', header: 'Rent b/f', kind: 'money', total: true },
    { key: 'srvcBalBf', header: 'Service b/f', kind: 'money', total: true },
    { key: 'totalBf', header: 'Total b/f', kind: 'money', total: true },
    { key: 'rentBalCf', header: 'Rent c/f', kind: 'money', total: true },
    { key: 'srvcBalCf', header: 'Service c/f', kind: 'money', total: true },
    { key: 'totalCf', header: 'Total c/f', kind: 'money', total: true },
    { key: 'txnDate', header: 'Txn date', kind: 'date' },
    { key: 'txnRefNo', header: 'Txn ref', kind: 'text' },
    { key: 'descr', header: 'Description', kind: 'text' },
    { key: 'expense', header: 'Expense', kind: 'money', total: true },
    { key: 'odnsTotalUnitCost', header: 'Other dues', kind: 'money', total: true },
    { key: 'odnsPaidItAmount', header: 'Other dues paid', kind: 'money', total: true },
    { key: 'odnsBalBf', header: 'Other dues b/f', kind: 'money', total: true },
    { key: 'odnsPaidArrears', header: 'Other dues arrears paid', kind: 'money', total: true },
    { key: 'stmtSection', header: 'Section', kind: 'text' },
    { key: 'vacant', header: 'Vacant', kind: 'integer' },
    { key: 'occupied', header: 'Occupied', kind: 'integer' },
    { key: 'id', header: 'ID', kind: 'integer' },
  ],
  ['property', 'unitNo', 'tenant', 'totalBf', 'rentWoTax', 'srvcWoTax', 'paidRent', 'paidSrvc', 'totalCf'],
  ['unitNo', 'tenant', 'totalCf', 'totalBf', 'paidRent', 'rentWoTax', 'paidSrvc', 'srvcWoTax', 'property'],
  {
    result: 'totalCf',
    terms: [
      { key: 'totalBf', sign: 1 },
      { key: 'charged', header: 'Charged', sign: 1, members: ['rentWoTax', 'rentTax', 'srvcWoTax', 'srvcTax'] },
      { key: 'paid', header: 'Paid', sign: -1, members: ['paidRent', 'paidRentTax', 'paidSrvc', 'paidSrvcTax'] },
    ],
  },
);
