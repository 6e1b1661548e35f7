/**
 * Column definitions: how each field of a contract record is shown. `kind` decides formatting
 * (money with two decimals, dates in the company's zone, numbers right-aligned); `total` marks
 * money columns whose sum means something in a table's totals row.
 */
/** `payments`: a list of payments (name, amount, reference), one short text in tables and CSV. */
export type ColumnKind = 'text' | 'money' | 'date' | 'integer' | 'number' | 'payments';

export interface Column {
  /** The record's field name; also the CSV header and the name `--fields` takes. */
  readonly key: string;
  /** The table header, for people. */
  readonly header: string;
  readonly kind: ColumnKind;
  readonly total?: boolean;
  /** Read character by character (an IMEI, a serial number): never cut in a table, other columns go first. */
  readonly whole?: boolean;
}

export interface ColumnSet {
  /** What one record is, for messages ("cash sale"). */
  readonly name: string;
  /** Every field, in contract order: the default for json, ndjson and csv. */
  readonly columns: readonly Column[];
  /** A readable subset for tables when `--fields` is not given. */
  readonly defaultTableFields: readonly string[];
  /** Table columns, most important first: the last are left out first when a table is too wide. Default: display order. */
  readonly tablePriority?: readonly string[];
  /** Fields CSV and xlsx leave out unless `--fields` names them (an HTML document in a spreadsheet cell helps nobody). */
  readonly csvOnRequest?: readonly string[];
  /** What each row adds up to: a table that must narrow keeps it adding up (output/row-sum.ts). */
  readonly rowSum?: RowSum;
}

export interface SumTerm {
  /** A field of the record, or, for a group or a figure of its own, the key of the column shown. */
  readonly key: string;
  readonly sign: 1 | -1;
  /** The heading of a column the table adds (a group's sum, a figure of its own). */
  readonly header?: string;
  /** A group: these fields in full when they fit, else one column of their sum. */
  readonly members?: readonly string[];
  /** A figure that is no field, in cents (the tax added to a price that did not include it). */
  readonly cents?: (record: Readonly<Record<string, unknown>>) => number;
  /** The term's field is multiplied by this field to add up (a unit price by the quantity). */
  readonly times?: string;
}

/** result = the sum of the signed terms, on every row. */
export interface RowSum {
  readonly result: string;
  readonly terms: readonly SumTerm[];
}

type KeyOf<T> = Extract<keyof T, string>;

/** A column set whose keys the compiler checks against the record type T. */
export function columnSet<T extends object>(
  name: string,
  columns: readonly (Column & { readonly key: KeyOf<T> })[],
  defaultTableFields: readonly KeyOf<T>[],
  tablePriority?: readonly KeyOf<T>[],
  rowSum?: RowSum,
): ColumnSet {
  return { name, columns, defaultTableFields, ...(tablePriority && { tablePriority }), ...(rowSum && { rowSum }) };
}
