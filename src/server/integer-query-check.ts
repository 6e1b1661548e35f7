/**
 * The check of a querystring whose every parameter is a whole number (every list and most
 * reports), made without ajv: loading ajv and compiling a schema costs a first request about
 * 100 ms, the whole of a CLI run's own work. It is ajv's check for these schemas, as ajv
 * generates it with the app's options (coerceTypes 'array', allErrors): the same coercion of
 * query text (in place), the same errors in the same order. integer-query-check.test.ts holds
 * the two equal on arbitrary queries. Any other schema is left to ajv.
 */
import { AJV_OPTIONS } from './ajv-options.js';

/** Whether fastify's `ajv` option compiles querystrings as this check does: the app's options (ajv-options.ts). */
export function replicatesAjv(options: unknown): boolean {
  const { customOptions, plugins } = (options ?? {}) as { customOptions?: Record<string, unknown>; plugins?: unknown[] };
  const wanted = AJV_OPTIONS.customOptions;
  return (
    customOptions?.coerceTypes === wanted.coerceTypes &&
    customOptions.removeAdditional === wanted.removeAdditional &&
    customOptions.allErrors === wanted.allErrors &&
    (plugins === undefined || plugins.length === 0)
  );
}

export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

export type QueryCheck = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

interface IntegerParameter {
  key: string;
  minimum?: number;
  maximum?: number;
}

const NAME = /^[A-Za-z_$][\w$]*$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

/** The parameters of a schema of whole numbers with optional bounds, or undefined for any other schema. */
function integerParameters(schema: unknown): { parameters: IntegerParameter[]; required: string[] } | undefined {
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties)) return undefined;
  if (!onlyKeys(schema, ['type', 'properties', 'required'])) return undefined;
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((key) => typeof key === 'string' && NAME.test(key))) return undefined;
  const parameters: IntegerParameter[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!NAME.test(key) || !isObject(property) || property.type !== 'integer' || !onlyKeys(property, ['type', 'minimum', 'maximum'])) return undefined;
    const { minimum, maximum } = property;
    if ((minimum !== undefined && !Number.isFinite(minimum)) || (maximum !== undefined && !Number.isFinite(maximum))) return undefined;
    parameters.push({ key, minimum: minimum as number | undefined, maximum: maximum as number | undefined });
  }
  return { parameters, required: required as string[] };
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && !(value % 1) && !Number.isNaN(value) && Number.isFinite(value);
}

/** ajv's coercion to integer: booleans, null and text that reads as a whole number become numbers. */
function coercible(value: unknown): boolean {
  if (typeof value === 'boolean' || value === null) return true;
  if (typeof value !== 'string' || value === '') return false;
  const number = Number(value);
  return !Number.isNaN(number) && !(number % 1);
}

/** The check for a querystring schema of whole numbers; undefined for any other schema. */
export function integerQueryCheck(schema: unknown): QueryCheck | undefined {
  const shape = integerParameters(schema);
  if (!shape) return undefined;
  const { parameters, required } = shape;
  const check: QueryCheck = (data) => {
    const errors: SchemaError[] = [];
    if (isObject(data)) {
      for (const key of required) {
        if (data[key] === undefined) {
          errors.push({ instancePath: '', schemaPath: '#/required', keyword: 'required', params: { missingProperty: key }, message: `must have required property '${key}'` });
        }
      }
      for (const { key, minimum, maximum } of parameters) {
        if (data[key] === undefined) continue;
        let value = data[key];
        if (!isWholeNumber(value)) {
          let coerced: number | undefined;
          if (Array.isArray(value) && value.length === 1) {
            value = value[0];
            if (isWholeNumber(value)) coerced = value;
          }
          if (coerced === undefined) {
            if (coercible(value)) coerced = Number(value);
            else errors.push({ instancePath: `/${key}`, schemaPath: `#/properties/${key}/type`, keyword: 'type', params: { type: 'integer' }, message: 'must be integer' });
          }
          if (coerced !== undefined) {
            value = coerced;
            data[key] = coerced;
          }
        }
        // As in ajv, bounds are checked on finite numbers only (finite-numbers.ts refuses the rest).
        if (typeof value === 'number' && Number.isFinite(value)) {
          if (maximum !== undefined && value > maximum) {
            errors.push({ instancePath: `/${key}`, schemaPath: `#/properties/${key}/maximum`, keyword: 'maximum', params: { comparison: '<=', limit: maximum }, message: `must be <= ${maximum}` });
          }
          if (minimum !== undefined && value < minimum) {
            errors.push({ instancePath: `/${key}`, schemaPath: `#/properties/${key}/minimum`, keyword: 'minimum', params: { comparison: '>=', limit: minimum }, message: `must be >= ${minimum}` });
          }
        }
      }
    } else {
      errors.push({ instancePath: '', schemaPath: '#/type', keyword: 'type', params: { type: 'object' }, message: 'must be object' });
    }
    check.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return check;
}
