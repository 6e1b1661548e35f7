/**
 * Checks of values against the contract's schemas. Replies are checked leniently: a server of
 * the interface may add fields and sends null (or nothing) for absent values, so only a wrong
 * shape is refused (a list that is not an array, text where a number belongs), naming the field.
 */
import { KindGuard, Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { ValueError } from '@sinclair/typebox/errors';
import { ApiError } from './errors.js';

/**
 * What a lenient check guarantees: every field may be absent or null, and a field that is
 * present has its contract type. Use it where reply values are read.
 */
export type Loose<T> = T extends readonly (infer E)[] ? Loose<E>[] : T extends object ? { [K in keyof T]?: Loose<T[K]> | null } : T;

const lenientCache = new WeakMap<TSchema, TSchema>();
const checkCache = new WeakMap<TSchema, TypeCheck<TSchema>>();

/**
 * The schema a reply is checked against: every object property optional and nullable, extra
 * properties allowed, value constraints (ranges, patterns, lengths) dropped, types kept.
 * Object variants of a union are merged into one object, so a record cannot slip through
 * as "some other variant whose fields it happens not to have".
 */
export function lenientSchema(schema: TSchema): TSchema {
  let lenient = lenientCache.get(schema);
  if (!lenient) {
    lenient = loosen(schema);
    lenientCache.set(schema, lenient);
  }
  return lenient;
}

function loosen(schema: TSchema): TSchema {
  if (KindGuard.IsObject(schema)) return looseObject([schema]);
  if (KindGuard.IsArray(schema)) return Type.Array(loosen(schema.items));
  if (KindGuard.IsUnion(schema)) {
    const objects = schema.anyOf.filter((s): s is TObject => KindGuard.IsObject(s));
    const others = schema.anyOf.filter((s) => !KindGuard.IsObject(s)).map(loosen);
    const variants = objects.length ? [looseObject(objects), ...others] : others;
    return variants.length === 1 ? variants[0]! : Type.Union(variants);
  }
  if (KindGuard.IsIntersect(schema)) return Type.Intersect(schema.allOf.map(loosen));
  if (KindGuard.IsInteger(schema)) return Type.Integer();
  if (KindGuard.IsNumber(schema)) return Type.Number();
  if (KindGuard.IsString(schema)) return Type.String();
  if (KindGuard.IsBoolean(schema)) return Type.Boolean();
  if (KindGuard.IsNull(schema)) return Type.Null();
  if (KindGuard.IsLiteral(schema)) return Type.Literal(schema.const);
  if (KindGuard.IsUnknown(schema) || KindGuard.IsAny(schema)) return Type.Unknown();
  return schema;
}

/** One object with every property of the given objects, each optional and nullable. */
function looseObject(objects: TObject[]): TSchema {
  const byKey = new Map<string, TSchema[]>();
  for (const object of objects) {
    for (const [key, property] of Object.entries(object.properties)) {
      byKey.set(key, [...(byKey.get(key) ?? []), property]);
    }
  }
  const properties: Record<string, TSchema> = {};
  for (const [key, variants] of byKey) {
    const loose = variants.map(loosen);
    properties[key] = Type.Optional(Type.Union([...loose, Type.Null()]));
  }
  return Type.Object(properties);
}

/** The schema's compiled check, compiled once. */
export function compiled(schema: TSchema): TypeCheck<TSchema> {
  let check = checkCache.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    checkCache.set(schema, check);
  }
  return check;
}

/** The first problem of the value, as "list/3/totalAmount: expected number (got "12,50")". */
export function firstProblem(schema: TSchema, value: unknown, rootName = '(whole reply)'): string | undefined {
  const check = compiled(schema);
  if (check.Check(value)) return undefined;
  const error = check.Errors(value).First();
  return error ? describe(error, rootName) : `${rootName}: does not match the schema`;
}

function describe(error: ValueError, rootName: string): string {
  const specific = innermost(error);
  const field = specific.path.replace(/^\//, '') || rootName;
  if (specific.value === undefined) return `${field}: is required`;
  const schema = specific.schema;
  const message =
    KindGuard.IsUnion(schema) && schema.anyOf.every((s) => KindGuard.IsLiteral(s))
      ? `expected one of ${schema.anyOf.map((s) => String(s.const)).join(', ')}`
      : specific.message.charAt(0).toLowerCase() + specific.message.slice(1);
  return `${field}: ${message} (got ${show(specific.value)})`;
}

/**
 * For a union, the most telling variant's error: the deepest one, not "null" (every lenient
 * field admits null, so "expected null" would only mislead).
 */
function innermost(error: ValueError): ValueError {
  if (KindGuard.IsUnion(error.schema) && error.schema.anyOf.every((s) => KindGuard.IsLiteral(s))) return error;
  const candidates = error.errors.map((iterator) => iterator.First()).filter((e): e is ValueError => e !== undefined && !KindGuard.IsNull(e.schema));
  if (!candidates.length) return error;
  const deepest = candidates.reduce((best, e) => (e.path.length > best.path.length ? e : best));
  return innermost(deepest);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export interface ReplyContext {
  method: string;
  path: string;
  status?: number;
  operation?: string;
}

/** The reply, if its shape fits the schema leniently; an ApiError 'invalidResponse' naming the field otherwise. */
export function validateResponse<S extends TSchema>(schema: S, value: unknown, context: ReplyContext): Loose<Static<S>> {
  const problem = firstProblem(lenientSchema(schema), value);
  if (problem !== undefined) {
    throw new ApiError({ ...context, kind: 'invalidResponse', serverMessage: `unexpected reply: ${problem}` });
  }
  return value as Loose<Static<S>>;
}

/** The reply body as JSON; an ApiError 'invalidResponse' when it is something else (a web page, say). */
export function parseJsonReply(body: Buffer, contentType: string | undefined, context: ReplyContext): unknown {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    const what = text.trim() ? `${contentType ?? 'unknown content'}: ${show(text.trim())}` : 'an empty body';
    throw new ApiError({ ...context, kind: 'invalidResponse', serverMessage: `the reply is not JSON (${what})` });
  }
}
