import type { Column, ColumnSet } from './columns/types.js';
import { OutputUsageError } from './errors.js';
import type { OutputFormat } from './format.js';

/**
 * The columns to print, in order. Without `--fields` a table shows its readable subset and
 * the other formats every field in contract order. Names match case-insensitively (so
 * `issuedate` finds `issueDate`), and so does the heading a table shows (`property` finds
 * `propertyName`, whose column reads "Property"), since that is the name a person sees; a
 * field name wins over another column's heading. Repeats are dropped; an unknown name is
 * refused with the valid ones, grouped by what they hold, rather than silently printing less.
 */
export function selectFields(requested: readonly string[] | undefined, set: ColumnSet, format: OutputFormat): Column[] {
  const byKey = namesOf(set);
  if (requested === undefined) {
    if ((format === 'csv' || format === 'xlsx') && set.csvOnRequest) return set.columns.filter((column) => !set.csvOnRequest!.includes(column.key));
    if (format !== 'table') return [...set.columns];
    return set.defaultTableFields.map((key) => {
      const column = byKey.get(key.toLowerCase());
      if (column === undefined) throw new Error(`${set.name}: default table field "${key}" has no column`);
      return column;
    });
  }
  const names = requested
    .flatMap((entry) => entry.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new OutputUsageError(`--fields is empty; valid fields for ${set.name}: ${validList(set)}`);
  }
  const unknown = names.filter((name) => !byKey.has(name.toLowerCase()));
  if (unknown.length > 0) {
    const quoted = unknown.map((name) => `"${name}"`).join(', ');
    const noun = unknown.length === 1 ? 'field' : 'fields';
    throw new OutputUsageError(`unknown ${noun} ${quoted} for ${set.name}; valid fields: ${validList(set)}`);
  }
  const chosen = new Map<string, Column>();
  for (const name of names) {
    const column = byKey.get(name.toLowerCase()) as Column;
    if (!chosen.has(column.key)) chosen.set(column.key, column);
  }
  return [...chosen.values()];
}

/** Parses `--fields a,b,c` (the flag may also be repeated). */
export function parseFieldsOption(value: string | readonly string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = typeof value === 'string' ? [value] : value;
  return entries.flatMap((entry) => entry.split(',')).map((name) => name.trim());
}

/** Field names, then headings that name one column and are no field's name, lower-cased. */
function namesOf(set: ColumnSet): Map<string, Column> {
  const names = new Map(set.columns.map((column) => [column.key.toLowerCase(), column]));
  const headings = new Map<string, Column[]>();
  for (const column of set.columns) headings.set(column.header.toLowerCase(), [...(headings.get(column.header.toLowerCase()) ?? []), column]);
  for (const [heading, columns] of headings) if (columns.length === 1 && !names.has(heading)) names.set(heading, columns[0]!);
  return names;
}

const GROUPS: readonly [string, (column: Column) => boolean][] = [
  ['text', (c) => c.kind === 'text' || c.kind === 'payments'],
  ['money', (c) => c.kind === 'money'],
  ['dates', (c) => c.kind === 'date'],
  ['ids and numbers', (c) => c.kind === 'integer' || c.kind === 'number'],
];

/** The valid names grouped by what they hold ("unitNo, tenant (text); rentWoTax, ... (money)"), so seventy stay readable on one line. */
function validList(set: ColumnSet): string {
  const groups = GROUPS.map(([label, holds]) => [label, set.columns.filter(holds).map((c) => c.key)] as const).filter(([, keys]) => keys.length > 0);
  return `${groups.map(([label, keys]) => `${keys.join(', ')} (${label})`).join('; ')}; or a column's heading as tables show it`;
}
