import type { Column, ColumnSet } from './columns/types.js';
import { OutputUsageError } from './errors.js';
import type { OutputFormat } from './format.js';

/**
 * The columns to print, in order. Without `--fields` a table shows its readable subset and
 * the other formats every field in contract order. Names match case-insensitively (so
 * `issuedate` finds `issueDate`); repeats are dropped; an unknown name is refused with the
 * list of valid ones rather than silently printing less.
 */
export function selectFields(
  requested: readonly string[] | undefined,
  set: ColumnSet,
  format: OutputFormat,
): Column[] {
  const byKey = new Map(set.columns.map((column) => [column.key.toLowerCase(), column]));
  if (requested === undefined) {
    if ((format === 'csv' || format === 'xlsx') && set.csvOnRequest) return set.columns.filter((column) => !set.csvOnRequest!.includes(column.key));
    if (format !== 'table') return [...set.columns];
    return set.defaultTableFields.map((key) => {
      const column = byKey.get(key.toLowerCase());
      if (column === undefined) throw new Error(`${set.name}: default table field "${key}" has no column`);
      return column;
    });
  }
  const names = requested.flatMap((entry) => entry.split(',')).map((name) => name.trim()).filter((name) => name !== '');
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

function validList(set: ColumnSet): string {
  return set.columns.map((column) => column.key).join(', ');
}
