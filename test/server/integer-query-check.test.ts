import { AjvCompiler } from '@fastify/ajv-compiler';
import { Type, type TSchema } from '@sinclair/typebox';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CashSaleListQuery, SaleItemListQuery, SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { PaidBalanceQuery } from '../../src/contract/paid-balance.js';
import { PayAdviceQuery } from '../../src/contract/pay-advice.js';
import { ReceiptSpecsQuery } from '../../src/contract/receipt.js';
import { StatementDocumentQuery, StatementPdfQuery, StatementsQuery } from '../../src/contract/statement.js';
import { AJV_OPTIONS } from '../../src/server/ajv-options.js';
import { integerQueryCheck } from '../../src/server/integer-query-check.js';

type Validator = ((data: unknown) => boolean) & { errors?: unknown };

/** ajv as the app compiles a querystring schema. */
function ajvCheck(schema: TSchema): Validator {
  const factory = (AjvCompiler as unknown as () => (external: unknown, options: unknown) => (route: unknown) => Validator)();
  return factory({}, AJV_OPTIONS)({ schema, method: 'GET', url: '/test', httpPart: 'querystring' });
}

const WithRequired = Type.Object({ a: Type.Integer({ minimum: -5, maximum: 5 }), b: Type.Integer(), c: Type.Optional(Type.Integer({ minimum: 0 })) });
const INTEGER_QUERIES: [string, TSchema][] = [
  ['CashSaleListQuery', CashSaleListQuery],
  ['SaleItemListQuery', SaleItemListQuery],
  ['PaidBalanceQuery', PaidBalanceQuery],
  ['ReceiptSpecsQuery', ReceiptSpecsQuery],
  ['StatementPdfQuery', StatementPdfQuery],
  ['required and negative bounds', WithRequired],
];

const text = fc.oneof(
  fc.constantFrom('', ' ', '0', '-0', '1', '-1', '12', ' 12', '12 ', '1.0', '1.5', '1e3', '1e400', '-1e400', '0x10', '0b11', '0o7', 'Infinity', '-Infinity', 'NaN', 'true', 'null', '9007199254740991', '9007199254740993', '1000', '1001', '13', '1969', '2026', 'abc', '5,6'),
  fc.integer({ min: -2000, max: 2000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.string({ maxLength: 6 }),
);
const value = fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.boolean(), fc.constant(null), fc.integer(), fc.double(), fc.array(fc.array(text, { maxLength: 2 }), { maxLength: 2 }));

function queryOf(schema: TSchema) {
  const keys = [...Object.keys((schema as unknown as { properties: object }).properties), 'extra'];
  return fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length });
}

describe('the querystring check of whole-number parameters', () => {
  it.each(INTEGER_QUERIES)('answers as ajv does for %s: validity, errors in order, coerced values', (_name, schema) => {
    const ours = integerQueryCheck(schema)!;
    const theirs = ajvCheck(schema);
    expect(ours).toBeDefined();
    fc.assert(
      fc.property(queryOf(schema), (query) => {
        const a = structuredClone(query);
        const b = structuredClone(query);
        const valid = ours(a);
        expect(valid).toBe(theirs(b));
        expect(ours.errors ?? null).toEqual(theirs.errors ?? null);
        expect(a).toEqual(b);
      }),
      { numRuns: 3000 },
    );
  });

  it('answers as ajv does for what is not an object', () => {
    const ours = integerQueryCheck(CashSaleListQuery)!;
    const theirs = ajvCheck(CashSaleListQuery);
    for (const data of [null, 'x', 3, [], [{}]]) {
      expect(ours(data)).toBe(theirs(data));
      expect(ours.errors).toEqual(theirs.errors);
    }
  });

  it('leaves any other schema to ajv', () => {
    for (const schema of [PayAdviceQuery, StatementsQuery, StatementDocumentQuery, SaveCashSaleBody, Type.Object({ a: Type.Integer({ exclusiveMinimum: 0 }) }), Type.Object({ a: Type.Integer() }, { additionalProperties: false })]) {
      expect(integerQueryCheck(schema)).toBeUndefined();
    }
  });
});
