/**
 * An import file read as a stream inside the import's unit, in slices of rows: csv-parse's
 * stream API over the source's text, the header checked first (a file whose columns are wrong
 * is refused before any row is looked at), each row's NUL check, and the file's problems
 * collected in a ProblemList. Memory holds a slice of rows, never the file.
 *
 * Between slices the heap is looked at: an import that would need more memory than the process
 * may use (a limit set by --max-old-space-size) is refused in words like any bad file, its
 * transaction rolled back, before V8 would end the process with "heap out of memory".
 */
import { Readable } from 'node:stream';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse';
import type { ImportSource } from '../import-source.js';
import { headerReader, importCsvOptions, rowProblems, unreadableProblem, type CsvColumns, type CsvRow } from '../rules/import-csv.js';
import type { ImportProblem, ProblemList } from '../rules/import-problems.js';

/** Rows handed to the importer at a time: enough for one multi-row INSERT, few enough to keep memory flat. */
export const ROWS_PER_SLICE = 2000;

/** The share of the heap limit past which an import stops (what is left is the room to roll back and say why). */
const HEAP_SHARE = 0.75;

/** The source's text as a readable stream. */
function textOf(source: ImportSource): Readable {
  return typeof source === 'string' ? Readable.from([source]) : Readable.from(source.open());
}

/** V8's collector, to tell garbage from what the import holds before refusing it (asked for only then). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** What the old generation holds (all but the young objects, which a scavenge frees or promotes). */
const heapUsed = () => getHeapSpaceStatistics().reduce((sum, space) => (space.space_name.startsWith('new_') ? sum : sum + space.space_used_size), 0);

/**
 * The most the old generation may hold: --max-old-space-size when the process was given one
 * (V8's heap_size_limit adds the young generation's reserve to it, up to 192 MB more), else
 * V8's limit.
 */
function heapLimit(): number {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const given = flags.map((flag) => /^--max[-_]old[-_]space[-_]size=(\d+)$/.exec(flag)).findLast((match) => match !== null);
  return given ? Number(given[1]) * 1024 * 1024 : getHeapStatistics().heap_size_limit;
}

/** The problem that refuses a file the heap has no more room for, or undefined while it has room. */
export function heapFull(line: number): ImportProblem | undefined {
  const limit = heapLimit();
  if (heapUsed() <= limit * HEAP_SHARE) return undefined;
  collector()();
  const used = heapUsed();
  if (used <= limit * HEAP_SHARE) return undefined;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return {
    line,
    field: null,
    message: `the file is too large to check in the memory this process may use (${mb(used)} MB of its ${mb(limit)} MB heap in use); split the file, or give Node more memory (NODE_OPTIONS=--max-old-space-size=${2 ** Math.ceil(Math.log2(mb(limit) * 2))})`,
  };
}

/**
 * The file's rows, a slice at a time. A header with problems is refused at once by `refuse`;
 * a row with a NUL, or a file that stops being readable CSV, adds to `problems` (reading stops
 * at the unreadable record); a file with no row adds "the file holds no rows".
 */
export async function* importRows(
  source: ImportSource,
  columns: CsvColumns,
  problems: ProblemList,
  refuse: (problems: ImportProblem[]) => Error,
  sliceRows = ROWS_PER_SLICE,
): AsyncGenerator<CsvRow[]> {
  const header = headerReader(columns);
  const text = textOf(source);
  const parser = parse(importCsvOptions(header));
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  let slice: CsvRow[] = [];
  let rows = 0;
  let headerChecked = false;
  const checkHeader = () => {
    headerChecked = true;
    const wrong = header.problems();
    if (wrong.length > 0) throw refuse(wrong);
  };
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      if (!headerChecked) checkHeader();
      const row = { line: info.lines, values: record };
      rows++;
      const wrong = rowProblems(row);
      if (wrong.length > 0) for (const p of wrong) problems.add(p.line, p.field, p.message);
      else slice.push(row);
      if (slice.length >= sliceRows) {
        const full = heapFull(row.line);
        if (full) throw refuse([full]);
        yield slice;
        slice = [];
      }
    }
  } catch (error) {
    if (!(error as { code?: string }).code?.startsWith('CSV_')) throw error;
    if (!headerChecked) checkHeader();
    const p = unreadableProblem(error);
    problems.add(p.line, p.field, p.message);
  } finally {
    text.destroy();
  }
  if (!headerChecked) checkHeader();
  if (slice.length > 0) yield slice;
  if (rows === 0 && !problems.any) problems.add(1, null, 'the file holds no rows');
}
