import { Chalk } from 'chalk';
import type { PayAdvice } from '../../contract/index.js';
import { tableCell } from './cells.js';
import { expenseLineColumns, payAdviceSummaryColumns, rentLineColumns } from './columns/pay-advice.js';
import type { Column, ColumnSet } from './columns/types.js';
import { assertTimeZone, DEFAULT_TIME_ZONE } from './date-text.js';
import { OutputUsageError } from './errors.js';
import { selectFields } from './fields.js';
import type { OutputFormat } from './format.js';
import { projector, renderRecords } from './render.js';
import { tableText } from './table-text.js';
import { drawPairs } from './table.js';
import { writeChunk } from './write.js';

/** A list inside a document, such as the rent lines of a pay advice. */
export interface DocumentSection {
  /** The document's field that holds the list. */
  readonly key: string;
  /** The name `section` takes and the heading above the table. */
  readonly name: string;
  readonly title: string;
  readonly columns: ColumnSet;
}

/** How a single object with nested lists is laid out. */
export interface DocumentLayout {
  readonly name: string;
  readonly summary: readonly Column[];
  readonly sections: readonly DocumentSection[];
  /** The section csv exports when none is named. */
  readonly csvSection: string;
}

/**
 * The landlord pay advice. CSV carries the rent lines by default, the part an accountant
 * reconciles in a spreadsheet; `section: 'expenses'` exports the expense lines instead. One
 * CSV file holds one kind of row, so the summary stays in the table and JSON outputs.
 */
export const payAdviceLayout: DocumentLayout = {
  name: 'pay advice',
  summary: payAdviceSummaryColumns,
  sections: [
    { key: 'rentsList', name: 'rents', title: 'Rent lines', columns: rentLineColumns },
    { key: 'expenseList', name: 'expenses', title: 'Expenses', columns: expenseLineColumns },
  ],
  csvSection: 'rents',
};

export interface DocumentOptions {
  format: OutputFormat;
  /** Columns of the exported section; csv only. */
  fields?: readonly string[];
  raw?: boolean;
  bom?: boolean;
  color?: boolean;
  timeZone?: string;
  /** The output is a terminal (xlsx is refused there). */
  terminal?: boolean;
  /** Which section csv and xlsx export (a section's `name`); the layout's `csvSection` by default. */
  section?: string;
  /** Tables: the width to fit each section's table to (as lists do); none: no limit. */
  width?: number;
  /** Tables: told which columns of a section were left out to fit the width. */
  onDropped?: (section: string, keys: readonly string[], headings: readonly string[]) => void;
  /** Tables: lines above the document saying what it is of (company, property, period). */
  heading?: readonly string[];
}

type Row = Record<string, unknown>;

/**
 * Writes one document. table: a label/value summary, then each section as a table with a
 * totals row. json: the object, pretty-printed, dates ISO unless raw. ndjson: the same on one
 * line. csv: the rows of one section.
 */
export async function renderDocument(document: object, out: NodeJS.WritableStream, layout: DocumentLayout, opts: DocumentOptions): Promise<void> {
  const doc = document as Row;
  if (opts.format === 'csv' || opts.format === 'xlsx') {
    const section = pickSection(layout, opts.section ?? layout.csvSection);
    await renderRecords(listOf(doc, section), out, {
      format: opts.format,
      columns: section.columns,
      fields: opts.fields,
      raw: opts.raw,
      bom: opts.bom,
      timeZone: opts.timeZone,
      terminal: opts.terminal,
    });
    return;
  }
  const picked = opts.fields === undefined ? undefined : documentFields(doc, layout, opts.fields);
  if (opts.section !== undefined) {
    throw new OutputUsageError(`choosing a section of a ${layout.name} applies to csv output only`);
  }
  if (opts.bom) throw new OutputUsageError('--bom applies to csv output only');
  if (opts.format === 'table') {
    await writeChunk(out, documentTable(doc, layout, opts, picked));
    return;
  }
  const whole = exportObject(doc, layout, opts.raw ?? false);
  const object = picked === undefined ? whole : Object.fromEntries(picked.map((key) => [key, whole[key] ?? null]));
  await writeChunk(out, opts.format === 'json' ? `${JSON.stringify(object, null, 2)}\n` : `${JSON.stringify(object)}\n`);
}

/** The landlord pay advice, laid out as `payAdviceLayout` says. */
export function renderPayAdvice(advice: PayAdvice, out: NodeJS.WritableStream, opts: DocumentOptions): Promise<void> {
  return renderDocument(advice, out, payAdviceLayout, opts);
}

function pickSection(layout: DocumentLayout, name: string): DocumentSection {
  const section = layout.sections.find((candidate) => candidate.name === name.trim().toLowerCase());
  if (section === undefined) {
    const names = layout.sections.map((candidate) => candidate.name).join(', ');
    throw new OutputUsageError(`unknown ${layout.name} section "${name}"; expected one of: ${names}`);
  }
  return section;
}

function listOf(doc: Row, section: DocumentSection): object[] {
  const value = doc[section.key];
  return Array.isArray(value) ? (value as object[]) : [];
}

/**
 * `--fields` of a document outside CSV: the document's own fields (`netAmountDue`) and its
 * sections (`rentsList`), in the order given; CSV rows are a section's lines, so there it picks
 * their columns instead. An unknown name is refused with the valid ones.
 */
function documentFields(doc: Row, layout: DocumentLayout, requested: readonly string[]): string[] {
  const valid = [...layout.summary.map((column) => column.key), ...layout.sections.map((section) => section.key)];
  for (const key of Object.keys(doc)) if (!valid.includes(key)) valid.push(key);
  const byLower = new Map(valid.map((key) => [key.toLowerCase(), key]));
  const names = requested
    .flatMap((entry) => entry.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !byLower.has(name.toLowerCase()));
  if (names.length === 0 || unknown.length > 0) {
    const what =
      names.length === 0 ? '--fields is empty' : `unknown ${unknown.length === 1 ? 'field' : 'fields'} ${unknown.map((name) => `"${name}"`).join(', ')}`;
    throw new OutputUsageError(
      `${what} for a ${layout.name}; valid fields: ${valid.join(', ')} (with --format csv, --fields picks the columns of the ${layout.csvSection} lines)`,
    );
  }
  return [...new Set(names.map((name) => byLower.get(name.toLowerCase())!))];
}

function documentTable(doc: Row, layout: DocumentLayout, opts: DocumentOptions, picked?: readonly string[]): string {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  assertTimeZone(timeZone);
  const paint = new Chalk({ level: opts.color ? 1 : 0 });
  const sectionKeys = new Set(layout.sections.map((section) => section.key));
  const summaryKeys = new Set(layout.summary.map((column) => column.key));
  const columnOf = (key: string): Column => layout.summary.find((column) => column.key === key) ?? { key, header: key, kind: 'text' };
  let pairs: [string, string][];
  if (picked !== undefined) {
    pairs = picked.filter((key) => !sectionKeys.has(key)).map((key) => [columnOf(key).header, tableCell(doc[key], columnOf(key), timeZone)]);
  } else {
    pairs = layout.summary.filter((column) => column.key in doc).map((column) => [column.header, tableCell(doc[column.key], column, timeZone)]);
    // Fields the layout does not know are still shown, never dropped.
    for (const key of Object.keys(doc)) {
      if (summaryKeys.has(key) || sectionKeys.has(key)) continue;
      pairs.push([key, tableCell(doc[key], { key, header: key, kind: 'text' }, timeZone)]);
    }
  }
  const parts = opts.heading?.length ? [`${opts.heading.join('\n')}\n`] : [];
  if (pairs.length > 0) parts.push(drawPairs(pairs, paint));
  const sections = picked === undefined ? layout.sections : picked.flatMap((key) => layout.sections.filter((section) => section.key === key));
  for (const section of sections) {
    const lines = listOf(doc, section);
    const heading = paint.bold(section.title);
    if (lines.length === 0) {
      parts.push(`\n${heading}: none\n`);
      continue;
    }
    const columns = selectFields(undefined, section.columns, 'table');
    const sum = section.columns.rowSum ? { rowSum: section.columns.rowSum, columns: section.columns.columns } : undefined;
    const fit = {
      width: opts.width,
      priority: section.columns.tablePriority,
      onDropped: (keys: readonly string[], headings: readonly string[]) => opts.onDropped?.(section.name, keys, headings),
      sum,
    };
    parts.push(`\n${heading}\n`, tableText(lines, columns, { color: opts.color, totals: true, timeZone, fit }));
  }
  return parts.join('');
}

function exportObject(doc: Row, layout: DocumentLayout, raw: boolean): Row {
  const object = projector(layout.summary, false, raw)(Object.fromEntries(Object.entries(doc).filter(([key]) => !layout.sections.some((s) => s.key === key))));
  for (const section of layout.sections) {
    if (!(section.key in doc)) continue;
    const list = doc[section.key];
    const project = projector(section.columns.columns, false, raw);
    object[section.key] = Array.isArray(list) ? list.map((line: object) => project(line)) : (list ?? null);
  }
  return object;
}
