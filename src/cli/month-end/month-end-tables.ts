/**
 * The month-end's reports as tables, defined once for the workbook and the CSV files: which
 * columns (the commands' own column sets), which rows, and whether a totals row means something.
 * Pay-advice lines carry their property's code so a CSV of every property's lines stays readable.
 */
import type { StatementRecord } from '../../contract/statement.js';
import { paidBalanceColumns } from '../output/columns/paid-balance.js';
import { expenseLineColumns, payAdviceSummaryColumns, rentLineColumns } from '../output/columns/pay-advice.js';
import { statementColumns } from '../output/columns/statement.js';
import type { Column } from '../output/columns/types.js';
import type { PropertyMonth } from './collect-month.js';

export interface ReportTable {
  /** The CSV file's name and the sheet's. */
  file: string;
  sheet: string;
  columns: readonly Column[];
  rows: readonly object[];
  totals: boolean;
}

const PROPERTY_COLUMNS: readonly Column[] = [
  { key: 'propertyId', header: 'Property ID', kind: 'integer' },
  { key: 'propertyCode', header: 'Property code', kind: 'text' },
  { key: 'propertyName', header: 'Property', kind: 'text' },
  { key: 'landlordCode', header: 'Landlord code', kind: 'text' },
];

/** The HTML of the rent table helps no spreadsheet: the rent lines are their own table. */
const STATEMENT_COLUMNS = statementColumns.columns.filter((c) => c.key !== 'rentDetailsHtml');

function propertyFields(month: PropertyMonth): Record<string, unknown> {
  return { propertyId: month.property.id, propertyCode: month.property.code, propertyName: month.property.name, landlordCode: month.landlord.code };
}

export function monthEndTables(months: readonly PropertyMonth[]): ReportTable[] {
  const statements = months.flatMap((m) => (m.statement ? [m.statement] : [])) as StatementRecord[];
  // INTERIM drafts may still change: a totals row never adds them to FINAL figures.
  const oneType = new Set(statements.map((s) => s.statementType)).size <= 1;
  return [
    { file: 'paid-balance.csv', sheet: 'Paid and balance', columns: paidBalanceColumns.columns, rows: months.flatMap((m) => m.paidBalance), totals: true },
    {
      file: 'pay-advices.csv',
      sheet: 'Pay advices',
      columns: [...PROPERTY_COLUMNS, ...payAdviceSummaryColumns.map((c) => (c.kind === 'money' ? { ...c, total: c.key !== 'manFeesRate' } : c))],
      rows: months.map((m) => ({ ...propertyFields(m), ...m.payAdvice })),
      totals: true,
    },
    {
      file: 'rent-lines.csv',
      sheet: 'Rent lines',
      columns: [...PROPERTY_COLUMNS, ...rentLineColumns.columns],
      rows: months.flatMap((m) => m.payAdvice.rentsList.map((line) => ({ ...propertyFields(m), ...line }))),
      totals: true,
    },
    {
      file: 'expenses.csv',
      sheet: 'Expenses',
      columns: [...PROPERTY_COLUMNS, ...expenseLineColumns.columns],
      rows: months.flatMap((m) => m.payAdvice.expenseList.map((line) => ({ ...propertyFields(m), ...line }))),
      totals: true,
    },
    { file: 'statements.csv', sheet: 'Statements', columns: STATEMENT_COLUMNS, rows: statements, totals: oneType },
  ];
}
