/**
 * What a table's row adds up to, and the layouts that keep it adding up as columns go. A
 * person checks a row by adding what they see: a table that shows "Total b/f", "Rent", "Paid"
 * and "Total c/f" but hides the service charge reads wrong. So when a table must narrow, the
 * columns of a group give way to one column of their sum (rent, service and their taxes become
 * "Charged"), and when even that does not fit, the terms go together and the result stays.
 * Pure: columns and records in, columns and records out; sums in integer cents.
 */
import { roundToCents } from '../../domain/money.js';
import type { Column, RowSum, SumTerm } from './columns/types.js';

type Row = Record<string, unknown>;

export interface SumLayout {
  columns: Column[];
  /** Priority (most important first) with the layout's own columns in place of what they stand for. */
  priority: string[];
  /** Keys the layout cannot lose and still add up. */
  required: string[];
}

const centsOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? roundToCents(value) : 0);

/** A column of the table's own: money, totalled. */
const ownColumn = (term: SumTerm): Column => ({ key: term.key, header: term.header ?? term.key, kind: 'money', total: true });

/** The records with the figures of the layout's own columns (groups' sums, own figures) added. */
export function withSums(records: readonly object[], sum: RowSum): Row[] {
  return records.map((record) => {
    const row = { ...(record as Row) };
    for (const term of sum.terms) {
      if (term.cents) row[term.key] = term.cents(row) / 100;
      else if (term.members) row[term.key] = term.members.reduce((cents, key) => cents + centsOf(row[key]), 0) / 100;
    }
    return row;
  });
}

/**
 * The layouts to try, widest first: every term in full; groups as their sums; the result alone.
 * None when the table does not show the result (it then claims no sum).
 */
export function sumLayouts(columns: readonly Column[], all: readonly Column[], sum: RowSum, priority: readonly string[]): SumLayout[] {
  const resultAt = columns.findIndex((c) => c.key === sum.result);
  if (resultAt === -1) return [];
  const byKey = new Map(all.map((c) => [c.key, c]));
  const termKeys = new Set(sum.terms.flatMap((t) => [t.key, ...(t.members ?? []), ...(t.times ? [t.times] : [])]));
  const layout = (collapse: boolean, bare: boolean): SumLayout => {
    const shown: Column[] = [];
    const required: string[] = [sum.result];
    const rank = [...priority];
    for (const column of columns) {
      if (column.key === sum.result) {
        if (!bare) for (const term of sum.terms) shown.push(...termColumns(term, collapse, byKey, required, rank, sum.result));
        shown.push(column);
      } else if (!termKeys.has(column.key)) shown.push(column);
    }
    return { columns: dedupe(shown), priority: rank, required };
  };
  return [layout(false, false), layout(true, false), layout(true, true)];
}

/** The columns one term shows, noting them as required and ranking them with the result. */
function termColumns(term: SumTerm, collapse: boolean, byKey: ReadonlyMap<string, Column>, required: string[], rank: string[], result: string): Column[] {
  const keys = term.members && !collapse ? [...term.members] : [term.key];
  const shown = keys.map((key) => byKey.get(key) ?? ownColumn(term));
  if (term.times) shown.unshift(byKey.get(term.times)!);
  for (const column of shown) {
    required.push(column.key);
    if (!rank.includes(column.key)) rank.splice(rank.indexOf(result) + 1, 0, column.key);
  }
  return shown;
}

const dedupe = (columns: Column[]): Column[] => columns.filter((c, i) => columns.findIndex((d) => d.key === c.key) === i);
