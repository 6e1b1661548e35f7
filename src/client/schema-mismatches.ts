/**
 * Where a value breaks a contract schema, checked strictly (the schema as written: required
 * fields, types, nulls where allowed, ranges), as JSON Pointer paths with what was expected and
 * what came: `/list/0/totalAmount: expected number (got "12.50")`. The replies of everyday
 * commands are checked leniently (validate.ts); this is for saying whether a server follows the
 * interface exactly, and where it does not.
 */
import { KindGuard, type TSchema } from '@sinclair/typebox';
import type { ValueError } from '@sinclair/typebox/errors';
import { compiled } from './validate.js';

export interface SchemaMismatches {
  /** The first mismatches, one per path, in the order the schema meets them. */
  first: string[];
  /** How many paths mismatch in all (counted up to MAX_COUNTED). */
  total: number;
  /** True when there were more than MAX_COUNTED: `total` is then a lower bound. */
  moreThanCounted: boolean;
}

/** Counting stops here: a thousand-record page with every record wrong says enough by then. */
export const MAX_COUNTED = 1000;

/** The value's mismatches against the schema; none (`total` 0) when it follows it. */
export function schemaMismatches(schema: TSchema, value: unknown, shown = 3): SchemaMismatches {
  const check = compiled(schema);
  if (check.Check(value)) return { first: [], total: 0, moreThanCounted: false };
  const seen = new Set<string>();
  const first: string[] = [];
  for (const error of leafErrors(check.Errors(value))) {
    const path = error.path || '/';
    if (seen.has(path)) continue;
    if (seen.size === MAX_COUNTED) return { first, total: seen.size, moreThanCounted: true };
    seen.add(path);
    if (first.length < shown) first.push(`${path}: ${describe(error)}`);
  }
  // A schema that refuses the value without naming where (none of ours) still refuses it.
  if (seen.size === 0) return { first: ['/: does not follow the schema'], total: 1, moreThanCounted: false };
  return { first, total: seen.size, moreThanCounted: false };
}

/**
 * The errors that name a field. A record that matches none of a union's object variants (a
 * cash sale list holds sales and sale lines) is judged against the variant it is closest to:
 * the one with the fewest errors, so a sale with one wrong field is told about that field, not
 * about every field of a sale line it lacks.
 */
function* leafErrors(errors: Iterable<ValueError>): Generator<ValueError> {
  for (const error of errors) {
    if (KindGuard.IsUnion(error.schema) && error.errors.length > 0 && isObjectLike(error.value) && error.schema.anyOf.some(isCompound)) {
      const variants = error.errors.map((iterator) => take(iterator, MAX_COUNTED));
      const closest = variants.reduce((best, next) => (next.length < best.length ? next : best));
      yield* leafErrors(closest);
    } else {
      yield error;
    }
  }
}

function take(errors: Iterable<ValueError>, max: number): ValueError[] {
  const taken: ValueError[] = [];
  for (const error of errors) {
    if (taken.length === max) break;
    taken.push(error);
  }
  return taken;
}

function isCompound(schema: TSchema): boolean {
  return KindGuard.IsObject(schema) || KindGuard.IsArray(schema);
}

function isObjectLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

function describe(error: ValueError): string {
  if (error.value === undefined) return 'is required';
  const schema = error.schema;
  if (KindGuard.IsUnion(schema)) {
    const variants = schema.anyOf;
    const expected = variants.every((s) => KindGuard.IsLiteral(s))
      ? `one of ${variants.map((s) => String(s.const)).join(', ')}`
      : [...new Set(variants.map(kindName))].join(' or ');
    return `expected ${expected} (got ${shown(error.value)})`;
  }
  // The right type with a value out of its bounds (an id of 0): TypeBox's words say which bound.
  const bound = hasKindOf(schema, error.value) ? error.message.charAt(0).toLowerCase() + error.message.slice(1) : `expected ${kindName(schema)}`;
  return `${bound} (got ${shown(error.value)})`;
}

function kindName(schema: TSchema): string {
  if (KindGuard.IsInteger(schema)) return 'integer';
  if (KindGuard.IsNumber(schema)) return 'number';
  if (KindGuard.IsString(schema)) return 'string';
  if (KindGuard.IsBoolean(schema)) return 'boolean';
  if (KindGuard.IsNull(schema)) return 'null';
  if (KindGuard.IsArray(schema)) return 'array';
  if (KindGuard.IsObject(schema)) return 'object';
  if (KindGuard.IsLiteral(schema)) return JSON.stringify(schema.const);
  return 'another value';
}

function hasKindOf(schema: TSchema, value: unknown): boolean {
  if (KindGuard.IsInteger(schema)) return Number.isInteger(value);
  if (KindGuard.IsNumber(schema)) return typeof value === 'number';
  if (KindGuard.IsString(schema)) return typeof value === 'string';
  if (KindGuard.IsArray(schema)) return Array.isArray(value);
  if (KindGuard.IsObject(schema)) return isObjectLike(value) && !Array.isArray(value);
  return false;
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
