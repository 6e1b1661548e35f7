/**
 * The PDFs a user saves from the command line, read back with a PDF reader: every statement of
 * `statements --pdf DIR`, and `receipt print --pdf FILE`. In-process, on a local store.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/store/sqlite/demo/seed-demo.js';
import { seedCompanies } from '../../../src/store/sqlite/demo/core-demo.js';
import { openStore } from '../../../src/store/sqlite/open-db.js';
import { importBaobab } from '../../helpers/baobab-store.js';
import { freshHomeEachTest } from '../../helpers/cli-home.js';
import { amountOf } from '../../helpers/exact-money.js';
import { TEST_NOW } from '../../helpers/local-server.js';
import { readPdf } from '../../helpers/pdf-read.js';

const home = freshHomeEachTest();

describe('PDFs saved from the command line', () => {
  it('statements --pdf DIR saves one readable PDF per listed statement, with its property and net amount due', async () => {
    const h = home();
    const store = await openStore(h.db);
    let ids;
    try {
      store.sqlite.transaction(() => seedCompanies(store))();
      ids = await importBaobab(store, 1);
    } finally {
      await store.close();
    }
    for (const month of ['2', '3']) {
      const prepared = await h.cli([
        'local',
        'statement',
        'prepare',
        '--company',
        '1',
        '--property',
        String(ids.propertyId),
        '--month',
        month,
        '--year',
        '2026',
      ]);
      expect(prepared.code, prepared.stderr).toBe(0);
    }
    const dir = join(h.dir, 'statements');
    const listed = await h.cli(['statements', '--company', '1', '--landlord', String(ids.landlordId), '--format', 'json', '--pdf', dir]);
    expect(listed.code, listed.stderr).toBe(0);
    const statements = JSON.parse(listed.stdout) as { id: number; month: string; amtPyble: number; lldCode: string; propertyCode: string }[];
    expect(statements).toHaveLength(2);
    const { lldCode, propertyCode } = statements[0]!;
    expect(listed.stderr).toContain(`saved 2 statement PDFs in ${dir}`);
    // Named for a person: <landlord code>/<property code>-YYYY-MM-<type>.pdf.
    const fileOf = (s: { month: string }) => join(dir, lldCode, `${propertyCode}-2026-${s.month === 'MARCH' ? '03' : '02'}-INTERIM.pdf`);
    expect(readdirSync(dir)).toEqual([lldCode]);
    expect(readdirSync(join(dir, lldCode)).sort()).toEqual([`${propertyCode}-2026-02-INTERIM.pdf`, `${propertyCode}-2026-03-INTERIM.pdf`]);
    for (const statement of statements) {
      const pdf = await readPdf(readFileSync(fileOf(statement)));
      expect(pdf.pages.length).toBeGreaterThanOrEqual(1);
      expect(pdf.text).toContain('Baobab Court');
      expect(pdf.text).toContain(`${statement.month}`);
    }
    const march = statements.find((s) => s.month === 'MARCH')!;
    expect(march.amtPyble).toBe(46912);
    expect((await readPdf(readFileSync(fileOf(march)))).text).toMatch(/46,912\.00/);
  });

  it('receipt print --pdf saves a receipt-sized PDF with the receipt number, each line and the total', async () => {
    const h = home();
    const store = await openStore(h.db);
    let sale;
    try {
      await seedDemo(store, { now: TEST_NOW });
      sale = store.sqlite
        .prepare(`select id, receipt_no as receiptNo, total_amount_cents as total from cash_sales where company_id = 1 order by id limit 1`)
        .get() as { id: number; receiptNo: string; total: number };
    } finally {
      await store.close();
    }
    const file = join(h.dir, 'receipt.pdf');
    const printed = await h.cli(['receipt', 'print', String(sale.id), '--company', '1', '--width', '32', '--pdf', file]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toBe('');
    expect(printed.stderr).toMatch(new RegExp(`^wrote receipt ${sale.receiptNo} \\([\\d,]+ bytes\\) to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
    const pdf = await readPdf(readFileSync(file));
    expect(pdf.pages).toHaveLength(1);
    // 58 mm paper: about 164 points wide.
    expect(pdf.pages[0]!.width).toBeLessThan(200);
    expect(pdf.text).toContain(sale.receiptNo);
    const total = amountOf(BigInt(sale.total)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // The demo company's currency and PIN, as the reference data's company gives them.
    expect(pdf.text).toMatch(new RegExp(`TOTAL KES\\s+${total.replace(/[.,]/g, '\\$&')}`));
    expect(pdf.text).toMatch(/^\s*PIN P051234567X$/m);
  });
});
