/**
 * `sale reconcile mpesa` against another server of the interface (a scripted one on 127.0.0.1):
 * no sale payments endpoint, no reference data, so a sale paid by MPESA is one payment of its
 * amountPaid under its refNo, shops and cashiers named by id; the sale list is read newest first
 * and no further than the page after the one that reaches before the period.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../../client/http-fixture.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { scriptedServerForFile } from '../../helpers/scripted-server.js';

const fixture = scriptedServerForFile();
const eat = (day: number, hour: number) => Date.UTC(2026, 10, day, hour - 3);

function sale(id: number, issueDate: number, method: string, refNo: string, amountPaid: number) {
  return {
    id,
    issueDate,
    issuedTo: 'x',
    issuedToPhone: null,
    amountPaid,
    paymentMethod: method,
    transactionType: method,
    refNo,
    receiptNo: `R${String(id).padStart(6, '0')}`,
    notes: null,
    companyId: 1,
    cashbookId: 1,
    retailShopId: 2,
    userId: 7,
    totalDiscount: 0,
    totalTax: 0,
    subTotal: amountPaid,
    totalAmount: amountPaid,
    balance: 0,
  };
}

describe('sale reconcile mpesa against a server of the interface', () => {
  it("takes an MPESA sale's refNo as its code and stops reading sales before the period", async () => {
    // Newest first: two sales on the day, one the day before the period, then 1,200 long before.
    const older = Array.from({ length: 1200 }, (_, i) => sale(1200 - i, eat(1, 12) - i * 60_000, 'MPESA', 'QZ00000000', 1));
    const sales = [
      sale(1403, eat(20, 15), 'MPESA', 'QA11111111', 500),
      sale(1402, eat(20, 9), 'CASH', '', 100),
      sale(1401, eat(19, 12), 'MPESA', 'QB22222222', 700),
      ...older,
    ];
    fixture.server().handle((request, response) => {
      if (request.pathname !== '/api/inventorycashsale/list') return json(response, 404, { success: 'false', message: 'not found' });
      const start = Number(request.query.start ?? 0);
      const limit = Number(request.query.limit ?? 50);
      json(response, 200, { count: sales.length, list: sales.slice(start, start + limit) });
    });
    const file = join(fixture.dir, 'till.csv');
    writeFileSync(file, 'Receipt No.,Completion Time,Paid In\r\nQA11111111,2026-11-20 14:59:00,500.00\r\nQC33333333,2026-11-20 16:00:00,"1,000.00"\r\n');
    const result = await runInProcess(
      [
        '--base-url',
        fixture.server().url,
        '--token',
        't',
        'sale',
        'reconcile',
        'mpesa',
        file,
        '--from',
        '2026-11-20',
        '--to',
        '2026-11-20',
        '--company',
        '1',
        '--format',
        'json',
      ],
      { home: fixture.newHome() },
    );
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as Record<string, unknown>[]).map((f) => [f.finding, f.code, f.shop, f.cashier])).toEqual([
      ['till payment with no sale', 'QC33333333', null, null],
    ]);
    expect(result.stderr).toContain('1 sale payment found on the statement; 0 sale codes not on it');
    // The first page of 500 reaches before the period: the walk ends there (the page after it,
    // asked for ahead as every walk does, is the last), the oldest sales are never asked for.
    const starts = fixture
      .server()
      .seen.filter((r) => r.pathname === '/api/inventorycashsale/list')
      .map((r) => Number(r.query.start));
    expect(starts[0]).toBe(0);
    expect(starts.length).toBeLessThanOrEqual(2);
    expect(Math.max(...starts)).toBeLessThan(1000);
  });
});
