/**
 * Generators of hostile requests (fast-check) and the one check every answer must pass: never
 * a 500, only statuses the endpoint documents, and on failure exactly the contract's error body.
 * Shared by the in-process (inject) volume run and the real-HTTP run against the standalone server.
 */
import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { ErrorCodes } from '../../src/contract/common.js';
import { endpoints, type EndpointName } from '../../src/contract/endpoints.js';
import { STATEMENT_DOCUMENT_PATH } from '../../src/contract/statement.js';

export const GET_ENDPOINTS = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].method === 'GET');

/** Query parameters an endpoint knows, from the contract. */
export function parametersOf(name: EndpointName | 'statementDocument'): string[] {
  if (name === 'statementDocument') return ['statementId', 'companyId', 'expires', 'signature'];
  return Object.keys((endpoints[name].request as TObject).properties);
}

/** A query the endpoint answers 200 to with an admin token of company 1 (demo data). */
export const VALID_QUERY: Record<EndpointName, Record<string, string>> = {
  listCashSales: { companyId: '1', start: '0', limit: '5' },
  listSaleItems: { companyId: '1', start: '3', limit: '5' },
  listReceiptSpecs: { companyId: '1', start: '0', limit: '5' },
  saveCashSale: {},
  paidBalance: { companyId: '1', propertyId: '1', month: '10', year: '2026' },
  payAdvice: { companyId: '1', propertyId: '2', lldPaymentType: 'COMBINED', month: '9', year: '2026' },
  statements: { companyId: '1', landlordId: '1', paidPosted: 'ALL' },
  statementPdf: { statementId: '1' },
};

const JUNK_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'companyId[]',
  'companyId[0]',
  'companyId.x',
  '',
  ' ',
  'COMPANYID',
  'company_id',
  'x'.repeat(300),
];

/** Text that arrives as a query value: numbers at and past every boundary, wrong types, injection, unicode. */
export const hostileText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '-0',
      '-1',
      '1.5',
      '0.1',
      '1e3',
      '1e400',
      '-1e400',
      '1e-400',
      'NaN',
      'Infinity',
      '-Infinity',
      '0x1f',
      '0b11',
      '0o7',
      '00012',
      '+1',
      ' 1 ',
      '1,2',
      '1 2',
      '12',
      '13',
      '1969',
      '1970',
      '9999',
      '10000',
      '1000',
      '1001',
      '2147483648',
      '9007199254740991',
      '9007199254740992',
      '9007199254740993',
      '18446744073709551616',
      '1'.repeat(400),
      'true',
      'false',
      'null',
      'undefined',
      '[]',
      '{}',
      '[1]',
      '{"$gt":0}',
      "1' OR '1'='1",
      '1; DROP TABLE cash_sales; --',
      '1 UNION SELECT token_hash FROM api_tokens',
      "'); delete from companies; --",
      '%',
      '%25',
      '%00',
      '\u0000',
      '\u202e1',
      '１２',
      '٣',
      '🙂',
      '\ud800',
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '${7*7}',
      '{{7*7}}',
      'YES',
      'NO',
      'ALL',
      'yes',
      'COMBINED',
      'RENT_ONLY',
      'SERVICE_CHARGE_ONLY',
      'service_charge_only',
      'FINAL',
      'a'.repeat(5000),
      'f'.repeat(64),
      'F'.repeat(64),
      '0'.repeat(64),
      'g'.repeat(64),
    ),
  },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 20 }).map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** One value, or a parameter repeated (companyId=1&companyId=2). */
const hostileParam = fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: fc.array(hostileText, { minLength: 2, maxLength: 3 }) });

type Query = Record<string, string | string[]>;

export function toQueryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  return params.toString();
}

/** URL-safe characters plus the ones that make query parsing hard (%, &, =, [, ]). */
const rawQuery = fc.string({ unit: fc.constantFrom(..."aciydIlmnprst0123456789%&=+.-_[]~!*'();:@,$/?".split('')), maxLength: 80 });

/** A query string: the valid one with a few parameters broken, a random dictionary, or raw text. */
export function hostileQuery(valid: Record<string, string>, known: string[]): fc.Arbitrary<string> {
  const keys = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...JUNK_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const mutated = fc.array(fc.tuple(keys, fc.option(hostileParam, { nil: undefined, freq: 5 })), { minLength: 1, maxLength: 3 }).map((changes) => {
    const query: Query = { ...valid };
    for (const [key, value] of changes) {
      if (value === undefined) delete query[key];
      else query[key] = value;
    }
    return toQueryString(query);
  });
  const random = fc.dictionary(keys, hostileParam, { maxKeys: 6 }).map(toQueryString);
  return fc.oneof({ weight: 5, arbitrary: mutated }, { weight: 2, arbitrary: random }, { weight: 1, arbitrary: rawQuery });
}

// ---- save bodies ----

const TOP_FIELDS = [
  'id',
  'issueDate',
  'issuedTo',
  'issuedToPhone',
  'amountPaid',
  'paymentMethod',
  'transactionType',
  'refNo',
  'notes',
  'cashbookId',
  'totalTax',
  'subTotal',
  'totalAmount',
  'userId',
  'retailShopId',
  'companyId',
  'totalDiscount',
  'itemIssuesDto',
  'channelsDto',
];
const LINE_FIELDS = [
  'item',
  'itemProductId',
  'invItemSpecsId',
  'buyingPrice',
  'unitCost',
  'qty',
  'discount',
  'taxIncExc',
  'taxRateId',
  'taxRate',
  'taxAmount',
  'lineTotal',
];
const CHANNEL_FIELDS = ['channelId', 'referenceNo', 'amount'];

/** Marks a value that becomes N nested arrays in the JSON text (JSON.stringify could not write it). */
const DEEP = (depth: number) => `@@DEEP${depth}@@`;

/** Values of the wrong type, at and past every bound, oversized, nested, injected. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -0,
      -1,
      0.5,
      0.001,
      0.005,
      1e-7,
      1e21,
      -1e21,
      1e308,
      -1e308,
      5e-324,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      90_071_992_547_409,
      '',
      ' ',
      '1',
      '1.5',
      'NaN',
      'Infinity',
      '-1',
      '2026-02-30',
      '2026-13-01',
      '0000-00-00',
      '9999-12-31',
      '1970-01-01',
      '2026-1-1',
      '20261101',
      'YYYY-MM-dd',
      'CASH',
      'MPESA',
      'CHECK',
      'cash',
      'MOBILE_MONEY',
      "x' OR 1=1 --",
      '\u0000',
      '😀'.repeat(300),
      'a'.repeat(100_000),
      '<b>&amp;</b>',
      [],
      {},
      [[]],
      [{}],
      { a: { b: { c: [] } } },
      [null],
      [1, 2, 3],
    ),
  },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 50_000 }).map(DEEP) },
);

type Path = [string] | [string, number, string];

const fieldPath: fc.Arbitrary<Path> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TOP_FIELDS).map((f): Path => [f]) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...LINE_FIELDS), fc.nat(1)).map(([f, i]): Path => ['itemIssuesDto', i, f]) },
  { weight: 1, arbitrary: fc.constantFrom(...CHANNEL_FIELDS).map((f): Path => ['channelsDto', 0, f]) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('constructor', 'extra', 'toString', 'valueOf'), fc.string({ maxLength: 10 })).map((f): Path => [f]) },
);

/** The body with one to three fields replaced by hostile values (undefined: removed). */
export function mutatedBody(bases: SaveCashSaleBody[]): fc.Arbitrary<string> {
  const change = fc.tuple(fieldPath, fc.option(hostileJson, { nil: undefined, freq: 6 }));
  return fc.tuple(fc.constantFrom(...bases), fc.array(change, { minLength: 1, maxLength: 3 })).map(([base, changes]) => {
    const body = structuredClone(base) as unknown as Record<string, unknown>;
    for (const [path, value] of changes) {
      let target: Record<string, unknown> = body;
      let key = path[0];
      if (path.length === 3) {
        const list = body[path[0]];
        const element = Array.isArray(list) ? list[path[1]] : undefined;
        if (!element || typeof element !== 'object') continue;
        target = element as Record<string, unknown>;
        key = path[2];
      }
      if (value === undefined) delete target[key];
      else target[key] = value;
    }
    return JSON.stringify(body).replace(/"@@DEEP(\d+)@@"/g, (_, depth: string) => '['.repeat(Number(depth)) + ']'.repeat(Number(depth)));
  });
}

/** Text that is not a sale: random JSON, broken JSON, prototype keys, duplicate keys, control bytes. */
export function rawBody(base: SaveCashSaleBody): fc.Arbitrary<string> {
  const text = JSON.stringify(base);
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.nat(text.length - 1).map((n) => text.slice(0, n)),
    fc.constantFrom(
      '',
      ' ',
      'null',
      'true',
      '0',
      '"sale"',
      '[]',
      '{}',
      '{',
      '}',
      '[',
      '{"a":}',
      '{"a":1,}',
      '\ufeff' + text,
      text + 'garbage',
      text + text,
      `${text}\u0000`,
      text.replace('{', '{"__proto__":{"isAdmin":true},'),
      text.replace('{', '{"constructor":{"prototype":{"x":1}},'),
      text.replace('{', '{"companyId":"1","companyId":2,'),
      text.replace(/"companyId":1/, '"companyId":1e400'),
      text.replace(/"amountPaid":[\d.]+/, '"amountPaid":NaN'),
      text.replace(/"qty":1/, '"qty":1.0000000000000002'),
      text.replace(/"qty":1/, '"qty":-0'),
      '{"itemIssuesDto":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}',
      '["' + 'x'.repeat(1000) + '"]',
    ),
  );
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;;;',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/json-patch+json',
  '*/*',
  'json',
  '',
  'application/json\u00e9',
];

// ---- the check ----

const CODES = new Set<string>(Object.values(ErrorCodes));

export interface Answer {
  status: number;
  contentType: string | undefined;
  text: string;
}

/**
 * Never a 500; only the statuses allowed; a failure is exactly `{success: "false", message, code}`
 * with no stack trace or file path; a success is what the contract says it is.
 */
export function checkAnswer(answer: Answer, allowed: readonly number[], success?: (body: unknown) => boolean): void {
  const where = `${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).not.toBe(500);
  expect(allowed, where).toContain(answer.status);
  if (answer.status >= 400) {
    expect(answer.contentType, where).toMatch(/^application\/json/);
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body).sort(), where).toEqual(['code', 'message', 'success']);
    expect(body.success, where).toBe('false');
    expect(typeof body.message === 'string' && body.message.length > 0, where).toBe(true);
    expect(CODES.has(body.code as string), where).toBe(true);
    expect(answer.text, where).not.toMatch(/\n\s+at |node_modules|\/work\/|\.ts:\d+/);
  } else if (success) {
    expect(success(answer.contentType?.startsWith('application/json') ? JSON.parse(answer.text) : answer.text), where).toBe(true);
  }
}

export const GET_STATUSES = [200, 400, 401, 403, 404, 409] as const;
// 409: an M-Pesa code already used by an earlier sale (the split base is valid once).
export const SAVE_STATUSES = [200, 401, 403, 405, 409, 413, 415] as const;

/** What a 200 of the endpoint must be (checked against the contract's response schema). */
export function successCheck(name: EndpointName | 'statementDocument'): (body: unknown) => boolean {
  if (name === 'statementDocument') return (body) => typeof body === 'string' && body.startsWith('%PDF-');
  const schema = endpoints[name].response;
  return (body) => Value.Check(schema, body);
}

export const DOCUMENT_PATH = STATEMENT_DOCUMENT_PATH;
