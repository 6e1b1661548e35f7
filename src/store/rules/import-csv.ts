/**
 * Reads an import file: CSV with a header row (RFC 4180, a BOM allowed, cells trimmed, empty
 * lines skipped). Header names are matched loosely, since files come from spreadsheets and
 * other systems: case and the separators `_`, `-` and space do not count, so `property_code`,
 * `propertyCode`, `Property Code` and `PROPERTY-CODE` are one column. Rows come back keyed by
 * the importer's own column names. Columns with an empty header are ignored. A cell holding a
 * NUL character is refused, with its line and column.
 */
import { parse } from 'csv-parse/sync';
import type { ImportProblem } from './import-problems.js';

export interface CsvColumns {
  required: readonly string[];
  optional: readonly string[];
}

export interface CsvRow {
  /** Line of the file where the row ends (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

/**
 * A NUL character (U+0000) in a cell: no text of a person holds one, PostgreSQL cannot store it,
 * and a store holding one could not be copied to PostgreSQL. Refused on every engine alike.
 */
function nulProblems(rows: readonly CsvRow[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    for (const [field, value] of Object.entries(row.values)) {
      if (typeof value === 'string' && value.includes('\u0000'))
        problems.push({ line: row.line, field, message: 'holds a NUL character (U+0000), which no text may hold' });
    }
  }
  return problems;
}

/** How a header name is compared: lower case, without `_`, `-` and white space. */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** The rows of the file, or the problems that refuse it (bad CSV, missing, unknown or repeated columns, no rows). */
export function readImportCsv(text: string, columns: CsvColumns): { rows: CsvRow[] } | { problems: ImportProblem[] } {
  const known = new Map([...columns.required, ...columns.optional].map((c) => [headerKey(c), c]));
  const header: string[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, string>();
  const name = (cell: string): string | false => {
    const text = cell.trim();
    if (text === '') return false;
    header.push(text);
    const column = known.get(headerKey(text));
    if (column === undefined) return text;
    const earlier = seen.get(column);
    if (earlier !== undefined) {
      problems.push({ line: 1, field: column, message: `column ${column} appears twice (${JSON.stringify(earlier)} and ${JSON.stringify(text)})` });
      return false;
    }
    seen.set(column, text);
    return column;
  };
  let records: { info: { lines: number }; record: Record<string, string> }[];
  try {
    records = parse(text, { columns: (cells: string[]) => cells.map(name), info: true, bom: true, trim: true, skip_empty_lines: true });
  } catch (error) {
    const e = error as { lines?: number; message: string };
    return { problems: [{ line: e.lines ?? 0, field: null, message: `not a readable CSV file: ${e.message}` }] };
  }
  const missing = columns.required.filter((c) => !seen.has(c));
  if (missing.length > 0) problems.push({ line: 1, field: null, message: `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` });
  const unknown = header.filter((h) => !known.has(headerKey(h)));
  if (unknown.length > 0) {
    const all = [...columns.required.map((c) => `${c}*`), ...columns.optional].join(', ');
    problems.push({ line: 1, field: null, message: `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; the columns are ${all}` });
  }
  if (records.length === 0 && problems.length === 0) problems.push({ line: 1, field: null, message: 'the file holds no rows' });
  problems.push(...nulProblems(records.map((r) => ({ line: r.info.lines, values: r.record }))));
  if (problems.length > 0) return { problems };
  return { rows: records.map((r) => ({ line: r.info.lines, values: r.record })) };
}
