/** The till's statement against the sales, by example: what is listed, what is matched, the totals per shop and cashier. */
import { describe, expect, it } from 'vitest';
import { reconcileMpesa, type SaleMpesaPayment } from '../../../src/cli/reconcile/mpesa-reconcile.js';

const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour - 3); // East Africa Time
const PERIOD = { from: at(10, 0), to: at(11, 0) };
const pay = (code: string, cents: number, time = at(10, 12)) => ({ code, completedAt: time, paidInCents: cents, party: `payer of ${code}` });
const sale = (code: string, cents: number, over: Partial<SaleMpesaPayment> = {}): SaleMpesaPayment => ({
  saleId: 1,
  receiptNo: 'R000001',
  issueDate: at(10, 12),
  shop: 'Kisumu',
  cashier: 'Amina',
  code,
  amountCents: cents,
  ...over,
});

describe('reconcileMpesa', () => {
  it('lists till payments with no sale, sale codes not on the statement, and amounts that differ; totals per shop and cashier', () => {
    const statement = {
      payments: [pay('AAAAAAAAA1', 100_00), pay('AAAAAAAAA2', 250_00), pay('AAAAAAAAA3', 75_00, at(10, 8)), pay('AAAAAAAAA9', 10_00, at(11, 9))],
      reversed: new Set<string>(),
    };
    const sales = [
      sale('AAAAAAAAA1', 100_00, { saleId: 1, receiptNo: 'R000001' }),
      sale('AAAAAAAAA2', 200_00, { saleId: 2, receiptNo: 'R000002', cashier: 'Brian' }),
      sale('BBBBBBBBB1', 50_00, { saleId: 3, receiptNo: 'R000003', issueDate: at(10, 15) }),
    ];
    const result = reconcileMpesa(statement, sales, PERIOD);
    expect(result.findings.map((f) => [f.finding, f.code, f.statementCents, f.saleCents, f.receiptNo])).toEqual([
      ['till payment with no sale', 'AAAAAAAAA3', 75_00, null, null],
      ['amount differs', 'AAAAAAAAA2', 250_00, 200_00, 'R000002'],
      ['sale code not on statement', 'BBBBBBBBB1', null, 50_00, 'R000003'],
    ]);
    expect(result.tillWithoutSale).toEqual({ count: 1, cents: 75_00 });
    expect(result.matched).toBe(2);
    expect(result.totals).toEqual([
      { shop: 'Kisumu', cashier: 'Amina', salePayments: 2, saleCents: 150_00, matchedCents: 100_00, notOnStatement: 1, notOnStatementCents: 50_00 },
      { shop: 'Kisumu', cashier: 'Brian', salePayments: 1, saleCents: 200_00, matchedCents: 200_00, notOnStatement: 0, notOnStatementCents: 0 },
    ]);
  });

  it('matches a payment to a sale of the day around the period, but lists neither outside it; a reversed payment is not on the statement', () => {
    const statement = { payments: [pay('CCCCCCCCC1', 40_00, at(10, 23)), pay('CCCCCCCCC2', 60_00)], reversed: new Set(['CCCCCCCCC2']) };
    const sales = [sale('CCCCCCCCC1', 40_00, { issueDate: at(11, 0) + 60_000 }), sale('CCCCCCCCC2', 60_00), sale('', 30_00, { saleId: 9 })];
    const result = reconcileMpesa(statement, sales, PERIOD);
    expect(result.findings.map((f) => [f.finding, f.code, f.note])).toEqual([
      ['sale code not on statement', '', 'the sale gave no code'],
      ['sale code not on statement', 'CCCCCCCCC2', 'the payment was reversed'],
    ]);
    expect(result.tillWithoutSale).toEqual({ count: 0, cents: 0 });
  });
});
