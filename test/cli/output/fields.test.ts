import { describe, expect, it } from 'vitest';
import { cashSaleColumns, paidBalanceColumns, statementColumns } from '../../../src/cli/output/columns/index.js';
import { OutputUsageError } from '../../../src/cli/output/errors.js';
import { parseFieldsOption, selectFields } from '../../../src/cli/output/fields.js';

const keys = (fields: string[] | undefined, format: 'table' | 'json' | 'csv' = 'json') =>
  selectFields(fields, cashSaleColumns, format).map((column) => column.key);

describe('selectFields', () => {
  it('shows the readable subset in a table and every field elsewhere', () => {
    expect(keys(undefined, 'table')).toEqual(cashSaleColumns.defaultTableFields);
    expect(keys(undefined, 'json')).toEqual(cashSaleColumns.columns.map((column) => column.key));
    expect(keys(undefined, 'csv')).toHaveLength(19);
  });

  it('keeps the order the user asked for, in every format', () => {
    expect(keys(['totalAmount', 'id', 'issuedTo'], 'table')).toEqual(['totalAmount', 'id', 'issuedTo']);
    expect(keys(['balance', 'receiptNo'], 'csv')).toEqual(['balance', 'receiptNo']);
  });

  it('matches names whatever their case and drops repeats', () => {
    expect(keys(['ISSUEDATE', 'id', 'issueDate', 'Id'])).toEqual(['issueDate', 'id']);
  });

  it('accepts comma lists and repeated flags alike', () => {
    expect(keys(['id, totalAmount', 'balance'])).toEqual(['id', 'totalAmount', 'balance']);
  });

  it('refuses an unknown field and names the valid ones', () => {
    expect(() => keys(['id', 'totl'])).toThrow(OutputUsageError);
    expect(() => keys(['id', 'totl'])).toThrow(
      /unknown field "totl" for cash sale; valid fields: [^;]*issuedTo[^;]* \(text\); [^;]*totalAmount, balance \(money\); issueDate \(dates\); id, .* \(ids and numbers\); or a column's heading as tables show it$/,
    );
    expect(() => keys(['foo', 'bar'])).toThrow(/unknown fields "foo", "bar"/);
  });

  it("takes a column's heading as tables show it; a field name wins over another column's heading", () => {
    expect(selectFields(['id', 'property'], statementColumns, 'csv').map((c) => c.key)).toEqual(['id', 'propertyName']);
    expect(selectFields(['Total c/f', 'PROPERTY'], paidBalanceColumns, 'csv').map((c) => c.key)).toEqual(['totalCf', 'property']);
  });

  it('refuses an empty list', () => {
    expect(() => keys([' , '])).toThrow(/--fields is empty/);
  });
});

describe('parseFieldsOption', () => {
  it('splits and trims a comma list; absent stays absent', () => {
    expect(parseFieldsOption(' id,issueDate ,totalAmount')).toEqual(['id', 'issueDate', 'totalAmount']);
    expect(parseFieldsOption(['id', 'a,b'])).toEqual(['id', 'a', 'b']);
    expect(parseFieldsOption(undefined)).toBeUndefined();
  });
});
