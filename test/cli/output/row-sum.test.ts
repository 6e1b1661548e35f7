/**
 * Every row of every table that claims a sum adds up as it is shown, at every width: the
 * columns a narrow table cannot hold give way to one column of their sum, or go together with
 * the figures they add to, and the row a person adds by eye comes out right. Records are made
 * to hold their equation (as the server's do), with taxes, negatives and seven-digit totals.
 */
import { describe, expect, it } from 'vitest';
import { cashSaleColumns, paidBalanceColumns, rentLineColumns, saleItemColumns } from '../../../src/cli/output/columns/index.js';
import type { ColumnSet } from '../../../src/cli/output/columns/types.js';
import { renderRecords } from '../../../src/cli/output/render.js';
import { readTable, rowsNotAddingUp } from '../../helpers/table-sums.js';
import { TextSink } from './sink.js';

/** A small deterministic generator: the same records on every run. */
function amounts(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state % 40_000_000) / 100;
  };
}
const cents = (n: number) => Math.round(n * 100);
const fromCents = (c: number) => c / 100;

function paidBalanceRows(n: number): object[] {
  const next = amounts(7);
  return Array.from({ length: n }, (_, i) => {
    const [rentWoTax, srvcWoTax, paidRent, paidSrvc, totalBf] = [next(), next() / 10, next(), next() / 10, next() - 200_000];
    const rentTax = i % 3 === 0 ? fromCents(Math.round(cents(rentWoTax) * 0.16)) : 0;
    const srvcTax = i % 4 === 0 ? fromCents(Math.round(cents(srvcWoTax) * 0.16)) : 0;
    const paidRentTax = i % 3 === 0 ? fromCents(Math.round(cents(paidRent) * 0.16)) : 0;
    const paidSrvcTax = 0;
    const charged = [rentWoTax, rentTax, srvcWoTax, srvcTax].reduce((s, v) => s + cents(v), 0);
    const paid = [paidRent, paidRentTax, paidSrvc, paidSrvcTax].reduce((s, v) => s + cents(v), 0);
    const bf = cents(totalBf);
    return {
      property: 'Mvule Gardens Apartments',
      unitNo: `A${i + 1}`,
      tenant: `Tenant with a long name ${i}`,
      marketRent: rentWoTax,
      ...{ rentWoTax, rentTax, srvcWoTax, srvcTax, paidRent, paidRentTax, paidSrvc, paidSrvcTax },
      totalBf: fromCents(bf),
      totalCf: fromCents(bf + charged - paid),
    };
  });
}

function rentLines(n: number): object[] {
  const next = amounts(11);
  return Array.from({ length: n }, (_, i) => {
    const [invoiced, balanceBf, amountPaid] = [next(), next() - 100_000, next()];
    const amountPaidTax = i % 2 === 0 ? fromCents(Math.round(cents(amountPaid) * 0.16)) : 0;
    return {
      unitNo: `B${i}`,
      tenantName: `Tenant ${i}`,
      monthlyCharge: invoiced,
      invoiced,
      balanceBf,
      amountPaid,
      amountPaidTax,
      balanceCf: fromCents(cents(balanceBf) + cents(invoiced) - cents(amountPaid) - cents(amountPaidTax)),
    };
  });
}

function sales(n: number): object[] {
  const next = amounts(13);
  return Array.from({ length: n }, (_, i) => {
    const totalAmount = next();
    const amountPaid = i % 3 === 0 ? fromCents(Math.round(cents(totalAmount) / 2)) : totalAmount;
    return {
      id: i + 1,
      issueDate: Date.UTC(2026, 9, 1 + i),
      receiptNo: `R${String(i).padStart(6, '0')}`,
      issuedTo: 'A customer of the shop',
      totalAmount,
      amountPaid,
      balance: fromCents(cents(totalAmount) - cents(amountPaid)),
      paymentMethod: 'MPESA',
    };
  });
}

function saleItems(n: number): object[] {
  const next = amounts(17);
  return Array.from({ length: n }, (_, i) => {
    const qty = 1 + (i % 3);
    const buyingPrice = fromCents(Math.round(next() * 10) / 10);
    const discount = i % 4 === 0 ? 100 : 0;
    const taxIncExc = i % 2;
    const base = cents(buyingPrice) * qty - cents(discount);
    const taxAmount = fromCents(taxIncExc === 1 ? Math.round((base * 16) / 116) : Math.round(base * 0.16));
    const lineTotal = fromCents(taxIncExc === 1 ? base : base + cents(taxAmount));
    return {
      id: i + 1,
      issueDate: Date.UTC(2026, 9, 1),
      itemName: 'Tecno Camon 30, 256GB',
      qty,
      buyingPrice,
      discount,
      taxIncExc,
      taxAmount,
      lineTotal,
      issuedTo: 'Walk-in',
    };
  });
}

const CASES: [string, ColumnSet, object[]][] = [
  ['paid and balance', paidBalanceColumns, paidBalanceRows(12)],
  ['rent lines', rentLineColumns, rentLines(10)],
  ['cash sales', cashSaleColumns, sales(9)],
  ['sale items', saleItemColumns, saleItems(10)],
];

describe.each(CASES)('%s', (_name, columns, records) => {
  it('adds up on every row at every width from 40 to 240 columns, and fits the width', async () => {
    let checked = 0;
    for (let width = 40; width <= 240; width += 4) {
      const sink = new TextSink();
      await renderRecords(records, sink, { format: 'table', columns, totals: true, width, timeZone: 'Africa/Nairobi' });
      const result = rowsNotAddingUp(readTable(sink.text), columns);
      expect(result.wrong, `at ${width} columns:\n${sink.text}`).toEqual([]);
      checked += result.checked;
      const widest = Math.max(...sink.text.split('\n').map((line) => line.length));
      if (width >= 60) expect(widest, `at ${width} columns:\n${sink.text}`).toBeLessThanOrEqual(width);
    }
    // From 80 columns on, every table shows its sum.
    expect(checked).toBeGreaterThan(records.length * 40);
  });
});

describe('a narrowed paid-and-balance table', () => {
  it('shows what rent, service and their taxes add as Charged, and the payments as Paid', async () => {
    const sink = new TextSink();
    await renderRecords(paidBalanceRows(3), sink, { format: 'table', columns: paidBalanceColumns, totals: true, width: 80, timeZone: 'Africa/Nairobi' });
    expect(readTable(sink.text).headings).toEqual(['Unit', 'Tenant', 'Total b/f', 'Charged', 'Paid', 'Total c/f']);
  });

  it('shows the columns as chosen with --fields, claiming no sum', async () => {
    const sink = new TextSink();
    await renderRecords(paidBalanceRows(3), sink, {
      format: 'table',
      columns: paidBalanceColumns,
      fields: ['unitNo', 'rentWoTax', 'totalCf'],
      width: 80,
      timeZone: 'Africa/Nairobi',
    });
    expect(readTable(sink.text).headings).toEqual(['Unit', 'Rent', 'Total c/f']);
  });
});
