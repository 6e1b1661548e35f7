/**
 * A query whose every value is written plainly enough to need no validator: each parameter is
 * one the schema names; a whole number in its shortest decimal form (no sign but a leading
 * minus, no leading zero, no exponent, no space) within the schema's bounds; or text within the
 * schema's length and pattern. Such a query is valid to the app's ajv (coercing query text) and
 * comes out of it as the values read here. Anything else answers undefined and is left to the
 * app: a plain query is a shortcut, never a second opinion.
 */
import type { TObject, TSchema } from '@sinclair/typebox';

type QueryText = Readonly<Record<string, string | number | boolean | undefined>>;
export type PlainQuery = Record<string, number | string>;

const WHOLE_NUMBER = /^(?:0|-?[1-9][0-9]*)$/;

/** The query's values, typed as the schema says, when it is plain; undefined otherwise. */
export function plainQuery(schema: TObject, query: QueryText): PlainQuery | undefined {
  const values: PlainQuery = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const property = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    const value = property && plainValue(property, typeof raw === 'number' ? String(raw) : raw);
    if (value === undefined) return undefined;
    values[key] = value;
  }
  for (const key of schema.required ?? []) if (!(key in values)) return undefined;
  return values;
}

/** The keywords a plain value is checked against here; a schema with any other is not plain. */
const KNOWN = new Set(['type', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern']);

function plainValue(schema: TSchema, raw: string | boolean): number | string | undefined {
  if (typeof raw !== 'string') return undefined;
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) return undefined;
  if (schema.type === 'integer') {
    if (!WHOLE_NUMBER.test(raw)) return undefined;
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) return undefined;
    if (typeof schema.minimum === 'number' && value < schema.minimum) return undefined;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return undefined;
    return value;
  }
  if (schema.type === 'string') {
    // ajv counts code points, never more than UTF-16 units: within both bounds by both counts.
    if (typeof schema.maxLength === 'number' && raw.length > schema.maxLength) return undefined;
    if (typeof schema.minLength === 'number' && [...raw].length < schema.minLength) return undefined;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(raw)) return undefined;
    return raw;
  }
  return undefined;
}
