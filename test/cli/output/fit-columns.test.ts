import { describe, expect, it } from 'vitest';
import { fitColumns, tableWidth, type FitColumn } from '../../../src/cli/output/fit-columns.js';

const text = (key: string, natural: number): FitColumn => ({ key, header: key, shrinkable: true, natural });
const num = (key: string, natural: number): FitColumn => ({ key, header: key, shrinkable: false, natural });

describe('fitting a table to the terminal', () => {
  it('leaves a table that fits as it is', () => {
    const columns = [num('id', 4), text('name', 20)];
    expect(fitColumns(columns, 80, [], true)).toEqual({ kept: [0, 1], widths: [4, 20], dropped: [] });
  });

  it('narrows the widest text column first, never a number', () => {
    // 1 + (6+3) + (40+3) + (30+3) + (12+3) = 101 wide; 21 too many for 80.
    const columns = [num('id', 6), text('customer', 40), text('payments', 30), num('total', 12)];
    const fit = fitColumns(columns, 80, [], true);
    expect(fit.dropped).toEqual([]);
    expect(tableWidth(fit.widths)).toBe(80);
    expect(fit.widths[0]).toBe(6);
    expect(fit.widths[3]).toBe(12);
    // 21 taken from the widest: customer 40 -> 30 first (10), then both in turn: 30+30 -> 25+24.
    expect(fit.widths[1]! + fit.widths[2]!).toBe(49);
    expect(Math.abs(fit.widths[1]! - fit.widths[2]!)).toBeLessThanOrEqual(1);
  });

  it('leaves out the least important columns when narrowing is not enough', () => {
    const columns = [num('id', 6), num('date', 10), num('total', 12), num('paid', 12), num('balance', 12), text('customer', 30), text('payments', 40)];
    const fit = fitColumns(columns, 80, ['date', 'customer', 'total', 'balance', 'paid', 'payments', 'id'], true);
    expect(tableWidth(fit.widths)).toBeLessThanOrEqual(80);
    expect(fit.dropped).toEqual(['id', 'payments']);
  });

  it('never leaves out a column the person chose with --fields: it narrows what it can', () => {
    const columns = [num('a', 30), num('b', 30), num('c', 30)];
    const fit = fitColumns(columns, 80, [], false);
    expect(fit.dropped).toEqual([]);
    expect(fit.widths).toEqual([30, 30, 30]);
  });
});
