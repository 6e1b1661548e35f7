import type { ItemCatalogSpecRecord } from '../../../contract/index.js';
import { columnSet } from './types.js';

/**
 * Serialised units in stock, for receipts (interface 2.4). Prices are per unit: no totals. The
 * IMEIs and the serial number are never cut: a cashier compares them digit by digit.
 */
export const itemSpecColumns = columnSet<ItemCatalogSpecRecord>(
  'item catalog spec',
  [
    { key: 'id', header: 'ID', kind: 'integer' },
    { key: 'rowId', header: 'Row', kind: 'integer' },
    { key: 'itemSpecId', header: 'Item spec', kind: 'integer' },
    { key: 'itemCategory', header: 'Category', kind: 'text' },
    { key: 'itemName', header: 'Item', kind: 'text' },
    { key: 'itemCode', header: 'Code', kind: 'text' },
    { key: 'serialNo', header: 'Serial no', kind: 'text', whole: true },
    { key: 'imei1', header: 'IMEI 1', kind: 'text', whole: true },
    { key: 'imei2', header: 'IMEI 2', kind: 'text', whole: true },
    { key: 'color', header: 'Colour', kind: 'text' },
    { key: 'colorVariant', header: 'Variant', kind: 'text' },
    { key: 'purchasePrice', header: 'Purchase price', kind: 'money' },
    { key: 'salePrice', header: 'Sale price', kind: 'money' },
    { key: 'qty', header: 'Qty', kind: 'number' },
    { key: 'warehouseId', header: 'Warehouse ID', kind: 'integer' },
    { key: 'warehouse', header: 'Warehouse', kind: 'text' },
    { key: 'shopId', header: 'Shop ID', kind: 'integer' },
    { key: 'shop', header: 'Shop', kind: 'text' },
    { key: 'companyId', header: 'Company', kind: 'integer' },
    { key: 'limitRegionByIds', header: 'Limit regions', kind: 'text' },
    { key: 'limitPropertyByIds', header: 'Limit properties', kind: 'text' },
    { key: 'itemProductId', header: 'Product', kind: 'integer' },
    { key: 'itemProductCatId', header: 'Product category', kind: 'integer' },
    { key: 'taxRateId', header: 'Tax rate ID', kind: 'integer' },
    { key: 'taxRate', header: 'Tax %', kind: 'number' },
    { key: 'taxIncExc', header: 'Tax inc/exc', kind: 'integer' },
  ],
  ['id', 'itemName', 'serialNo', 'imei1', 'color', 'salePrice', 'qty', 'shop'],
  // What a cashier reads to find the phone in hand comes first; a unit's quantity is always 1.
  ['itemName', 'imei1', 'serialNo', 'salePrice', 'color', 'id', 'shop', 'qty'],
);
