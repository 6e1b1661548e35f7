/**
 * JSON text of a list record as SQLite's json_object writes it, so a record built by another
 * backend is byte for byte the one SQLite's index holds: a number that is whole is written with
 * ".0" (15.0, as SQLite does), any other in its shortest form, as both JavaScript and SQLite
 * write it; text is quoted as JSON.stringify does. Held equal to SQLite's json_object by
 * test/store/wire-json.test.ts for every amount below 10^13 cents (100,000,000,000.00). From
 * there SQLite sometimes writes 17 significant digits (115227730805.71001 for 11522773080571
 * cents): the same double, so the same number once parsed, but other bytes; no sale comes near.
 */

/** A double read from SQL (cents / 100.0, milli / 1000.0, bp / 100.0), or null. */
export function jsonReal(value: number | null): string {
  if (value === null) return 'null';
  return Number.isInteger(value) ? `${value + 0}.0` : String(value);
}

/** An integer column (an id, epoch ms), or null. */
export function jsonInteger(value: number | null): string {
  return value === null ? 'null' : String(value);
}

/** A text column, or null. */
export function jsonText(value: string | null): string {
  return value === null ? 'null' : JSON.stringify(value);
}
