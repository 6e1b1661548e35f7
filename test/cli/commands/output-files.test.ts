/**
 * `-o FILE` as a newcomer uses it: the file's extension is honoured or refused (exit 2), never
 * silently written in another format; CSV money has two decimals whatever command writes it;
 * statement-pdf -o takes only a .pdf. In-process on a demo store (statement-pdf saving into the
 * current directory: test/e2e/output-files.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/sqlite/open-db.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { demoHome } from '../../helpers/demo-store.js';
import { accessoryLine, companyRefs, saleBody } from '../../helpers/sale-fixtures.js';

const { dir: home, db } = demoHome();
const cli = (args: string[], input?: string) => runInProcess(['--db', db, ...args], { home, input });
const file = (name: string) => join(home, name);
let refs: ReturnType<typeof companyRefs>;

beforeAll(async () => {
  const store = await openStore(db);
  refs = companyRefs(store, 1);
  await store.close();
}, 60_000);

describe('receipt print -o', () => {
  it('-o FILE.pdf writes a PDF', async () => {
    const result = await cli(['receipt', 'print', '120', '-o', file('r120.pdf')]);
    expect(result.code, result.stderr).toBe(0);
    const bytes = readFileSync(file('r120.pdf'));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-8).toString('latin1')).toMatch(/%%EOF\s*$/);
  });

  it("-o FILE.json writes the receipt as JSON, -o FILE.txt as the printer's text", async () => {
    expect((await cli(['receipt', 'print', '120', '-o', file('r.json')])).code).toBe(0);
    expect(JSON.parse(readFileSync(file('r.json'), 'utf8'))).toMatchObject({ receiptNo: 'R000120' });
    expect((await cli(['receipt', 'print', '120', '-o', file('r.txt')])).code).toBe(0);
    expect(readFileSync(file('r.txt'), 'utf8')).toMatch(/R000120/);
  });

  it('refuses an extension it cannot write, and --format csv, with exit 2 and no file', async () => {
    const csv = await cli(['receipt', 'print', '120', '-o', file('r.csv')]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toBe(`shopprop: cannot write a receipt to "${file('r.csv')}": it has extension ".csv"; use .txt, .json, .ndjson, .pdf\n`);
    expect(existsSync(file('r.csv'))).toBe(false);
    expect((await cli(['receipt', 'print', '120', '--format', 'csv'])).code).toBe(2);
    expect((await cli(['receipt', 'print', '120', '--format', 'json', '-o', file('r2.pdf')])).code).toBe(2);
  });
});

describe('statement-pdf', () => {
  it('refuses -o with an extension other than .pdf', async () => {
    const result = await cli(['statement-pdf', '1', '-o', file('s1.csv')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^shopprop: a statement is saved as a PDF: .* has extension "\.csv"; name a \.pdf file/);
    const saved = await cli(['statement-pdf', '1', '-o', file('s1.pdf')]);
    expect(saved.code, saved.stderr).toBe(0);
    expect(readFileSync(file('s1.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('an unknown statement in-process speaks of the local store, not of a base URL', async () => {
    const result = await cli(['statement-pdf', '999']);
    expect(result.code).toBe(3);
    expect(result.stderr).not.toMatch(/base URL/);
    expect(result.stderr).toMatch(/local store/);
  });
});

describe('commands that write no data file', () => {
  it('refuse -o rather than ignore it', async () => {
    const result = await cli(['local', 'token', 'create', '--company', '1', '--role', 'cashier', '--name', 'Till', '-o', file('token.txt')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^shopprop: `shopprop local token create` writes no data file/);
    expect(existsSync(file('token.txt'))).toBe(false);
  });
});

describe('one CSV money writer', () => {
  it('sale save --dry-run -o x.csv writes money with two decimals, as lists do', async () => {
    const body = saleBody(refs, [accessoryLine(refs, 1, 0.5)]);
    const result = await cli(['sale', 'save', '--file', '-', '--dry-run', '-o', file('preview.csv')], JSON.stringify(body));
    expect(result.code, result.stderr).toBe(0);
    const rows = parse(readFileSync(file('preview.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    // USB-C charger 25W, 1,850.00 tax inclusive, less 0.50 discount.
    expect(rows).toEqual([expect.objectContaining({ buyingPrice: '1850.00', discount: '0.50', lineTotal: '1849.50' })]);
    expect(rows[0]!.taxAmount).toMatch(/^\d+\.\d\d$/);
  });

  it("and --fields picks the preview's columns in csv and json", async () => {
    const body = JSON.stringify(saleBody(refs, [accessoryLine(refs, 2)]));
    const csv = await cli(['sale', 'save', '--file', '-', '--dry-run', '--format', 'csv', '--fields', 'item,lineTotal'], body);
    expect(csv.stdout).toBe('item,lineTotal\r\nUSB-C charger 25W,3700.00\r\n');
    const json = await cli(['sale', 'save', '--file', '-', '--dry-run', '--format', 'json', '--fields', 'lineTotal'], body);
    expect(JSON.parse(json.stdout).lines).toEqual([{ lineTotal: 3700 }]);
  });
});
