/**
 * SQL writing a column of a list record as wire-json.ts writes it in JavaScript, so the text
 * PostgreSQL sends is the record SQLite's index holds, byte for byte: an integer as it is; an
 * integer over 100 (cents), 1,000 (milli) or 100 (basis points) as its exact decimal, ".0" when
 * whole (below 10^13 cents the shortest form of the double too; above, the same number in as
 * many or more digits, as SQLite's own); text quoted by to_json, which escapes as
 * JSON.stringify does; null as null. test/store/pg-wire-json.test.ts holds them to wire-json.ts.
 */
export const int = (column: string) => `coalesce(${column}::text, 'null')`;
export const real = (column: string, over: number) =>
  `coalesce(case when ${column} % ${over} = 0 then (${column} / ${over})::text || '.0' else trim_scale(${column}::numeric / ${over})::text end, 'null')`;
export const text = (column: string) => `coalesce(to_json(${column})::text, 'null')`;

/** A record's JSON text from its keys and their SQL values, keys in the wire's order. */
export function recordSql(fields: readonly [string, string][]): string {
  return fields.map(([key, value], i) => `'${i === 0 ? '{' : ','}"${key}":' || ${value}`).join(' || ') + ` || '}'`;
}
