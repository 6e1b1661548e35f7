/**
 * `shopprop sale save --file -` from a pipe, as a script would: JSON in, JSON out, exit codes.
 * In-process on a demo store (stdin is a pipe, never a TTY).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/sqlite/open-db.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { demoHome } from '../../helpers/demo-store.js';
import { readRows } from '../../helpers/read-store.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock } from '../../helpers/sale-fixtures.js';

const { dir: home, db } = demoHome();

let refs: ReturnType<typeof companyRefs>;
let unit: ReturnType<typeof unitsInStock>[number] | undefined;

beforeAll(async () => {
  const store = await openStore(db);
  refs = companyRefs(store, 1);
  [unit] = unitsInStock(store, 1, 1, 5);
  await store.close();
}, 60_000);

function salesWithRef(refNo: string): { id: number; receipt_no: string; total_amount_cents: number }[] {
  return readRows(db, 'select id, receipt_no, total_amount_cents from cash_sales where ref_no = ?', refNo);
}

describe('sale save --file - (stdin)', () => {
  it('saves the sale, computing the totals it leaves out, and prints the receipt number and sale id as JSON', async () => {
    const body = saleBody(refs, [unitLine(unit!), accessoryLine(refs, 2)], { over: { refNo: 'PIPE-1' } }) as Partial<ReturnType<typeof saleBody>>;
    delete body.subTotal;
    delete body.totalTax;
    delete body.totalAmount;
    delete body.totalDiscount;
    const { code, stdout, stderr } = await runInProcess(['--db', db, 'sale', 'save', '--file', '-'], { home, input: JSON.stringify(body) });
    expect(code, stderr).toBe(0);
    const reply = JSON.parse(stdout);
    expect(reply).toMatchObject({ status: 'saved', id: expect.any(Number), receiptNo: expect.stringMatching(/^R\d{6}$/) });
    const saved = salesWithRef('PIPE-1');
    expect(saved).toEqual([{ id: reply.id, receipt_no: reply.receiptNo, total_amount_cents: Math.round(unit!.price * 100) + 2 * 185_000 }]);
  });

  it('checks totals that are given and lists every problem, exit 2, nothing saved', async () => {
    const body = saleBody(refs, [accessoryLine(refs, 1)], { over: { refNo: 'PIPE-2', totalAmount: 1, subTotal: 2, paymentMethod: 'PAYPAL' as never } });
    const { code, stdout, stderr } = await runInProcess(['--db', db, 'sale', 'save', '--file', '-'], { home, input: JSON.stringify(body) });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/stdin: 3 problems, nothing saved:/);
    expect(stderr).toContain('  - paymentMethod: expected one of CASH, MPESA, CHECK (got "PAYPAL")');
    expect(stderr).toContain('  - subTotal is 2, expected 1850');
    expect(stderr).toContain('  - totalAmount is 1, expected 1850');
    expect(salesWithRef('PIPE-2')).toEqual([]);
  });

  it("passes on the server's refusal of a unit already sold (405 -> exit 2)", async () => {
    const body = saleBody(refs, [unitLine(unit!)], { over: { refNo: 'PIPE-3' } });
    const { code, stderr } = await runInProcess(['--db', db, 'sale', 'save', '--file', '-'], { home, input: JSON.stringify(body) });
    expect(code).toBe(2);
    expect(stderr).toMatch(/failed: .*already sold/);
    // The local store answered in-process: no HTTP status in its words.
    expect(stderr).not.toContain('HTTP');
  });

  it('checks a sale with --dry-run and saves nothing', async () => {
    const body = saleBody(refs, [accessoryLine(refs, 3, 50)], { over: { refNo: 'PIPE-4' } });
    const { code, stdout, stderr } = await runInProcess(['--db', db, 'sale', 'save', '--file', '-', '--dry-run'], { home, input: JSON.stringify(body) });
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'valid',
      subTotal: 5550,
      totalDiscount: 50,
      totalAmount: 5500,
      balance: 0,
      lines: [{ lineTotal: 5500 }],
    });
    expect(stderr).toContain('nothing was saved');
    expect(salesWithRef('PIPE-4')).toEqual([]);
  });

  it('fills the header ids from the flags and refuses a file that is not JSON', async () => {
    const body = saleBody(refs, [accessoryLine(refs, 1)], { over: { refNo: 'PIPE-5' } }) as Partial<ReturnType<typeof saleBody>>;
    delete body.retailShopId;
    delete body.userId;
    const saved = await runInProcess(
      ['--db', db, 'sale', 'save', '--file', '-', '--shop', String(refs.shopId), '--user', String(refs.userId), '--format', 'csv'],
      { home, input: JSON.stringify(body) },
    );
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toMatch(/^status,id,receiptNo,idempotencyKey\r\nsaved,\d+,R\d{6},[0-9a-f-]{36}\r\n$/);
    const broken = await runInProcess(['--db', db, 'sale', 'save', '--file', '-'], { home, input: '{"issuedTo": "x",' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/stdin: 1 problem, nothing saved:\n {2}- not JSON: /);
    const missing = await runInProcess(['--db', db, 'sale', 'save', '--file', join(home, 'nope.json')], { home });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read --file .*nope\.json: no such file/);
  });
});
