/**
 * How an import file is read: CSV with a header row (RFC 4180, a BOM allowed, cells trimmed,
 * empty lines skipped), parsed as a stream by units/import-rows.ts. Header names are matched loosely, since files come from spreadsheets and
 * other systems: case and the separators `_`, `-` and space do not count, so `property_code`,
 * `propertyCode`, `Property Code` and `PROPERTY-CODE` are one column. Rows come back keyed by
 * the importer's own column names. Columns with an empty header are ignored. A cell holding a
 * NUL character is refused, with its line and column.
 */
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

/**
 * The header row's reading: `name` maps each cell to the importer's column (csv-parse's
 * `columns` option), `problems` what is wrong with the header once it was read (missing,
 * unknown or repeated columns).
 */
export function headerReader(columns: CsvColumns): { name: (cells: string[]) => (string | false)[]; problems: () => ImportProblem[] } {
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
  return {
    name: (cells) => cells.map(name),
    problems: () => {
      const all = [...problems];
      const missing = columns.required.filter((c) => !seen.has(c));
      if (missing.length > 0) all.push({ line: 1, field: null, message: `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` });
      const unknown = header.filter((h) => !known.has(headerKey(h)));
      if (unknown.length > 0) {
        const listed = [...columns.required.map((c) => `${c}*`), ...columns.optional].join(', ');
        all.push({ line: 1, field: null, message: `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; the columns are ${listed}` });
      }
      return all;
    },
  };
}

/** The problems of one row read: a NUL character in a cell. */
export function rowProblems(row: CsvRow): ImportProblem[] {
  return nulProblems([row]);
}

/** The longest record a file may hold (characters): longer is not a row of any import, but a quote never closed or not a CSV file, refused before it fills memory. */
export const MAX_RECORD_CHARACTERS = 1_000_000;

/** csv-parse's options for an import file (the header read by headerReader). */
export function importCsvOptions(header: ReturnType<typeof headerReader>) {
  return {
    columns: header.name,
    info: true,
    bom: true,
    trim: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
  } as const;
}

/** A parse error of csv-parse as the problem that refuses the file. */
export function unreadableProblem(error: unknown): ImportProblem {
  const e = error as { code?: string; lines?: number; message: string };
  if (e.code === 'CSV_MAX_RECORD_SIZE')
    return {
      line: e.lines ?? 0,
      field: null,
      message: `a record longer than ${MAX_RECORD_CHARACTERS.toLocaleString('en-US')} characters: a quote never closed, or not a CSV file`,
    };
  return { line: e.lines ?? 0, field: null, message: `not a readable CSV file: ${e.message}` };
}
