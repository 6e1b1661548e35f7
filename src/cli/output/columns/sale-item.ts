import type { SaleItemRecord } from '../../../contract/index.js';
import { roundToCents } from '../../../domain/money.js';
import { columnSet } from './types.js';

/**
 * Sale lines (interface 2.3). Prices are per unit, so only line amounts are totalled. The
 * interface's buyingPrice is the price the customer paid per unit (the line total is built on
 * it), so it is the "Unit price"; unitCost is what the unit cost the shop. A table shows the
 * tax added to a price that excluded it, so that qty x price - discount + tax added = line total.
 */
export const saleItemColumns = columnSet<SaleItemRecord>(
  'sale item',
  [
    { key: 'id', header: 'ID', kind: 'integer' },
    { key: 'itemName', header: 'Item', kind: 'text' },
    { key: 'itemProductId', header: 'Product', kind: 'integer' },
    { key: 'itemProductCatId', header: 'Category', kind: 'integer' },
    { key: 'invItemSpecsId', header: 'Unit', kind: 'integer' },
    { key: 'batchItemIssueId', header: 'Sale', kind: 'integer' },
    { key: 'buyingPrice', header: 'Unit price', kind: 'money' },
    { key: 'originalBuyingPrice', header: 'Original price', kind: 'money' },
    { key: 'defaultBuyingPrice', header: 'List price', kind: 'money' },
    { key: 'unitCost', header: 'Unit cost', kind: 'money' },
    { key: 'qty', header: 'Qty', kind: 'number' },
    { key: 'discount', header: 'Discount', kind: 'money', total: true },
    { key: 'taxIncExc', header: 'Tax incl.', kind: 'text' },
    { key: 'taxRateId', header: 'Tax rate ID', kind: 'integer' },
    { key: 'taxRate', header: 'Tax %', kind: 'number' },
    { key: 'taxAmount', header: 'Tax', kind: 'money', total: true },
    { key: 'lineTotal', header: 'Line total', kind: 'money', total: true },
    { key: 'profit', header: 'Profit', kind: 'money', total: true },
    { key: 'issuedTo', header: 'Customer', kind: 'text' },
    { key: 'issuedToPhone', header: 'Phone', kind: 'text' },
    { key: 'issueDate', header: 'Date', kind: 'date' },
    { key: 'refNo', header: 'Ref no', kind: 'text' },
    { key: 'retailShopId', header: 'Shop', kind: 'integer' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
    { key: 'userId', header: 'Sales person', kind: 'integer' },
  ],
  ['id', 'issueDate', 'itemName', 'qty', 'buyingPrice', 'discount', 'lineTotal', 'issuedTo'],
  // A narrow table keeps what makes the line total (it adds up) before the date.
  ['itemName', 'lineTotal', 'qty', 'buyingPrice', 'discount', 'issueDate', 'issuedTo', 'id'],
  {
    result: 'lineTotal',
    terms: [
      { key: 'buyingPrice', sign: 1, times: 'qty' },
      { key: 'discount', sign: -1 },
      // A price that included its tax already holds it; only tax added to the price adds up.
      {
        key: 'taxAdded',
        header: 'Tax added',
        sign: 1,
        cents: (line) => (line.taxIncExc === 0 || line.taxIncExc === '0' ? roundToCents(Number(line.taxAmount ?? 0)) : 0),
      },
    ],
  },
);
