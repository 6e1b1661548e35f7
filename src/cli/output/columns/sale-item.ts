import type { SaleItemRecord } from '../../../contract/index.js';
import { columnSet } from './types.js';

/** Sale lines (interface 2.3). Prices are per unit, so only line amounts are totalled. */
export const saleItemColumns = columnSet<SaleItemRecord>(
  'sale item',
  [
    { key: 'id', header: 'ID', kind: 'integer' },
    { key: 'itemName', header: 'Item', kind: 'text' },
    { key: 'itemProductId', header: 'Product', kind: 'integer' },
    { key: 'itemProductCatId', header: 'Category', kind: 'integer' },
    { key: 'invItemSpecsId', header: 'Unit', kind: 'integer' },
    { key: 'batchItemIssueId', header: 'Batch issue', kind: 'integer' },
    { key: 'buyingPrice', header: 'Buying price', kind: 'money' },
    { key: 'originalBuyingPrice', header: 'Original buying price', kind: 'money' },
    { key: 'defaultBuyingPrice', header: 'Default buying price', kind: 'money' },
    { key: 'unitCost', header: 'Unit price', kind: 'money' },
    { key: 'qty', header: 'Qty', kind: 'number' },
    { key: 'discount', header: 'Discount', kind: 'money', total: true },
    { key: 'taxIncExc', header: 'Tax inc/exc', kind: 'text' },
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
    { key: 'userId', header: 'User', kind: 'integer' },
  ],
  ['id', 'issueDate', 'itemName', 'qty', 'unitCost', 'discount', 'taxAmount', 'lineTotal', 'issuedTo'],
);
