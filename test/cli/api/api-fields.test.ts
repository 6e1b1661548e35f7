/** `shopprop api`'s fields, headers and path: what is sent for what is typed. */
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../../src/cli/api/api-request.js';
import { collectFields, typedValue } from '../../../src/cli/api/fields.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { demoHome } from '../../helpers/demo-store.js';

describe('-F values', () => {
  it('reads numbers, true, false and null as JSON does, and anything else as text', () => {
    expect(typedValue('42')).toBe(42);
    expect(typedValue('-1.5')).toBe(-1.5);
    expect(typedValue('2e3')).toBe(2000);
    expect(typedValue('true')).toBe(true);
    expect(typedValue('false')).toBe(false);
    expect(typedValue('null')).toBeNull();
    // A phone number's leading zero and an integer past 2^53 would arrive changed as numbers.
    expect(typedValue('0712345678')).toBe('0712345678');
    expect(typedValue('9007199254740993')).toBe('9007199254740993');
    expect(typedValue('1.')).toBe('1.');
    expect(typedValue('True')).toBe('True');
    expect(typedValue('')).toBe('');
  });

  it('--raw-field keeps text, a value may hold =, and a key given twice or no key is refused', () => {
    expect(collectFields(['companyId=1', 'note=a=b'], ['code=42', 'flag=true'])).toEqual({ companyId: 1, note: 'a=b', code: '42', flag: 'true' });
    expect(() => collectFields(['a=1'], ['a=2'])).toThrow(/the field a is given twice/);
    expect(() => collectFields(['=1'])).toThrow(/expected key=value/);
    expect(() => collectFields(['novalue'])).toThrow(/expected key=value/);
  });
});

describe('the request', () => {
  it("puts fields in the query of a GET, beside the path's own query", () => {
    expect(apiRequest({ method: 'get', path: '/api/x?start=5', fields: { companyId: 1 } })).toEqual({
      method: 'GET',
      path: '/api/x',
      query: { start: '5', companyId: 1 },
      headers: {},
    });
    expect(() => apiRequest({ method: 'GET', path: '/api/x', fields: { a: null } })).toThrow(/cannot be null/);
  });

  it('puts fields in a JSON body otherwise, and in the query when the body comes from --input', () => {
    expect(apiRequest({ method: 'POST', path: '/api/x', fields: { a: 1, b: null, c: 'x' } }).body).toEqual({ a: 1, b: null, c: 'x' });
    expect(apiRequest({ method: 'POST', path: '/api/x', fields: {} }).body).toBeUndefined();
    const withInput = apiRequest({ method: 'POST', path: '/api/x', fields: { dryRun: true }, body: { id: 1 } });
    expect(withInput).toMatchObject({ query: { dryRun: true }, body: { id: 1 } });
  });

  it('takes headers as Name: value, but never the token, and refuses a method or path it cannot send', () => {
    expect(apiRequest({ method: 'POST', path: '/x', fields: {}, headers: ['Idempotency-Key:  k1 '] }).headers).toEqual({ 'Idempotency-Key': 'k1' });
    expect(() => apiRequest({ method: 'GET', path: '/x', fields: {}, headers: ['no colon'] })).toThrow(/Name: value/);
    expect(() => apiRequest({ method: 'GET', path: '/x', fields: {}, headers: ['Authorization: Bearer t'] })).toThrow(/the token comes from/);
    expect(() => apiRequest({ method: 'FETCH', path: '/x', fields: {} })).toThrow(/unknown method FETCH/);
    expect(() => apiRequest({ method: 'GET', path: 'https://elsewhere.example/x', fields: {} })).toThrow(/must start with \//);
    expect(() => apiRequest({ method: 'GET', path: '//elsewhere.example/x', fields: {} })).toThrow(/must start with \//);
  });
});

describe('shopprop api on the local store', () => {
  const home = demoHome();

  it('sends typed fields: a number where a number is asked, text refused there (exit 2), and bad fields before any request', async () => {
    const page = await runInProcess(['--db', home.db, 'api', 'GET', '/api/inventorycashsale/list', '-F', 'companyId=1', '-F', 'start=0', '-F', 'limit=2'], {
      home: home.dir,
    });
    expect(page.code, page.stderr).toBe(0);
    const json = JSON.parse(page.stdout) as { count: number; list: unknown[] };
    expect(json.list).toHaveLength(2);
    expect(json.count).toBeGreaterThan(2);

    const text = await runInProcess(['--db', home.db, 'api', 'GET', '/api/inventorycashsale/list', '--raw-field', 'companyId=one'], { home: home.dir });
    expect(text.code).toBe(2);

    const twice = await runInProcess(['--db', home.db, 'api', 'GET', '/api/inventorycashsale/list', '-F', 'companyId=1', '--raw-field', 'companyId=1'], {
      home: home.dir,
    });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('the field companyId is given twice');
  });

  it('prints a list as a table with --format, and -i shows the status first', async () => {
    const table = await runInProcess(
      ['--db', home.db, 'api', 'GET', '/api/inventorycashsale/list', '-F', 'companyId=1', '-F', 'start=0', '-F', 'limit=3', '--format', 'csv'],
      { home: home.dir },
    );
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.trim().split('\n')).toHaveLength(4);
    const head = await runInProcess(
      ['--db', home.db, 'api', 'GET', '/api/inventorycashsale/list', '-F', 'companyId=1', '-F', 'start=0', '-F', 'limit=1', '-i'],
      { home: home.dir },
    );
    expect(head.stdout).toMatch(/^HTTP 200 OK\n(.+: .+\n)+\n\{/);
  });
});
