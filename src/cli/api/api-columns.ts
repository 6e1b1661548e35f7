/**
 * Columns for a list `shopprop api` prints as a table, CSV or xlsx: the tool's own for the
 * interface's lists (money and dates formatted as `sale list` formats them), else one plain
 * column per field of the records, in the order they first appear.
 */
import { endpoints } from '../../contract/endpoints.js';
import { cashSaleColumns } from '../output/columns/cash-sale.js';
import { itemSpecColumns } from '../output/columns/item-spec.js';
import { saleItemColumns } from '../output/columns/sale-item.js';
import { statementColumns } from '../output/columns/statement.js';
import type { Column, ColumnSet } from '../output/columns/types.js';

const KNOWN: ReadonlyMap<string, ColumnSet> = new Map([
  [endpoints.listCashSales.path, cashSaleColumns],
  [endpoints.listSaleItems.path, saleItemColumns],
  [endpoints.listReceiptSpecs.path, itemSpecColumns],
  [endpoints.statements.path, statementColumns],
]);

export function knownColumns(path: string): ColumnSet | undefined {
  return KNOWN.get(path);
}

/** One column per field seen; numbers right-aligned as numbers, anything else as text. */
export function columnsOf(records: readonly object[]): ColumnSet {
  const kinds = new Map<string, Column['kind']>();
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      const kind = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : 'text';
      const seen = kinds.get(key);
      if (seen === undefined) kinds.set(key, value === null || value === undefined ? 'integer' : kind);
      else if (value !== null && value !== undefined && seen !== kind) kinds.set(key, seen === 'integer' && kind === 'number' ? 'number' : 'text');
    }
  }
  const columns = [...kinds].map(([key, kind]) => ({ key, header: key, kind }));
  return { name: 'record', columns, defaultTableFields: columns.map((c) => c.key) };
}

/** A nested value as its JSON text, so a cell shows it rather than [object Object]. */
export function flatRecord(record: object): object {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value !== null && typeof value === 'object' ? JSON.stringify(value) : value]));
}
