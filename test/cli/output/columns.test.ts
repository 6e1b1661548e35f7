import type { TObject } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import {
  CashSaleRecord,
  ExpenseLine,
  ItemCatalogSpecRecord,
  PaidBalanceRow,
  PayAdvice,
  RentLine,
  SaleItemRecord,
  StatementRecord,
} from '../../../src/contract/index.js';
import {
  cashSaleColumns,
  expenseLineColumns,
  itemSpecColumns,
  paidBalanceColumns,
  payAdviceSummaryColumns,
  rentLineColumns,
  saleItemColumns,
  statementColumns,
  type ColumnSet,
} from '../../../src/cli/output/columns/index.js';

const sets: [ColumnSet, TObject][] = [
  [cashSaleColumns, CashSaleRecord],
  [saleItemColumns, SaleItemRecord],
  [itemSpecColumns, ItemCatalogSpecRecord],
  [paidBalanceColumns, PaidBalanceRow],
  [rentLineColumns, RentLine],
  [expenseLineColumns, ExpenseLine],
  [statementColumns, StatementRecord],
];

const DATE_FIELDS = new Set(['issueDate', 'withEffectFrom', 'withEffectTo', 'datePrepared', 'dueDate', 'dateApproved', 'txnDate']);

describe.each(sets.map(([set, schema]) => ({ name: set.name, set, schema })))('columns of $name', ({ set, schema }) => {
  it('has every contract field, in contract order', () => {
    expect(set.columns.map((column) => column.key)).toEqual(Object.keys(schema.properties));
  });

  it('shows only its own fields by default in a table', () => {
    const keys = new Set(set.columns.map((column) => column.key));
    expect(set.defaultTableFields.length).toBeGreaterThan(0);
    for (const field of set.defaultTableFields) expect(keys.has(field)).toBe(true);
  });

  it('gives each column its own header', () => {
    const headers = set.columns.map((column) => column.header);
    expect(headers.length).toBe(new Set(headers).size);
  });

  it('marks dates as dates, and totals only money', () => {
    for (const column of set.columns) {
      expect(column.kind === 'date', column.key).toBe(DATE_FIELDS.has(column.key));
      if (column.total) expect(column.kind, column.key).toBe('money');
    }
  });
});

describe('column kinds the reports depend on', () => {
  it('treats sale amounts as money with totals', () => {
    for (const key of ['amountPaid', 'totalTax', 'subTotal', 'totalAmount', 'balance', 'totalDiscount']) {
      const column = cashSaleColumns.columns.find((candidate) => candidate.key === key);
      expect(column).toMatchObject({ kind: 'money', total: true });
    }
  });

  it('shows the sale list table as id, date, receipt, customer, total, paid, balance, method', () => {
    expect(cashSaleColumns.defaultTableFields).toEqual(['id', 'issueDate', 'receiptNo', 'issuedTo', 'totalAmount', 'amountPaid', 'balance', 'paymentMethod']);
  });

  it("heads each price and cost column with what it holds (buyingPrice is the price charged; unitCost the shop's cost)", () => {
    const header = (key: string) => saleItemColumns.columns.find((column) => column.key === key)?.header;
    expect([header('buyingPrice'), header('unitCost'), header('originalBuyingPrice'), header('defaultBuyingPrice')]).toEqual([
      'Unit price',
      'Unit cost',
      'Original price',
      'List price',
    ]);
    expect(saleItemColumns.defaultTableFields).toContain('buyingPrice');
    expect(saleItemColumns.defaultTableFields).not.toContain('unitCost');
    for (const set of sets.map(([columns]) => columns)) {
      for (const column of set.columns) {
        if (/cost/i.test(column.header)) expect(column.key, `${set.name} ${column.header}`).toMatch(/cost/i);
        if (/price/i.test(column.header)) expect(column.key, `${set.name} ${column.header}`).toMatch(/price/i);
      }
    }
  });

  it('does not total unit prices', () => {
    const prices = [...saleItemColumns.columns, ...itemSpecColumns.columns].filter((column) => /Price|unitCost/.test(column.key));
    expect(prices.length).toBeGreaterThan(0);
    for (const column of prices) expect(column.total ?? false, column.key).toBe(false);
  });

  it('covers every pay advice field that is not a list, in contract order', () => {
    const keys = Object.keys(PayAdvice.properties).filter((key) => key !== 'rentsList' && key !== 'expenseList');
    expect(payAdviceSummaryColumns.map((column) => column.key)).toEqual(keys);
  });
});
