/** The portal's till statement read by example: the table found under its header lines, amounts with separators, times in East Africa Time. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTillStatement } from '../../../src/cli/reconcile/till-statement.js';

const SAMPLE = readFileSync('/work/shared/samples/mpesa-paybill-statement.csv', 'utf8');

describe('readTillStatement', () => {
  it("reads the completed payments in of the portal's export (header lines, quoted amounts with commas), and the reversed ones apart", () => {
    const statement = readTillStatement(SAMPLE.replace(/\r?\n/g, '\r\n'));
    expect(statement.payments.slice(0, 3)).toEqual([
      // 2026-10-31 18:42:09 EAT is 15:42:09 UTC.
      { code: 'SJ51K2LM3N', completedAt: Date.UTC(2026, 9, 31, 15, 42, 9), paidInCents: 4_000_000, party: '2547****126 - FAITH ODHIAMBO' },
      { code: 'SJ41H7QW2Z', completedAt: Date.UTC(2026, 9, 5, 6, 15, 2), paidInCents: 3_600_000, party: '2547****509 - LUCY ALI' },
      { code: 'SJ41H7QW3A', completedAt: Date.UTC(2026, 9, 5, 7, 1, 44), paidInCents: 75_000, party: '2547****999 - JOHN ROE' },
    ]);
    // The business charge (withdrawn) is no payment; the reversal names the payment it took back.
    expect(statement.payments.some((p) => p.code === 'SJ51K2LM3P')).toBe(false);
    expect(statement.reversed).toEqual(new Set(['SJ21F5NU0X']));
  });

  it('finds the table whatever lines come above it and whatever the column order; day-first times too', () => {
    const text = [
      'Till statement,"ACME PHONES, KISUMU"',
      '',
      'Paid In,Receipt No.,Transaction Status,Completion Time',
      '"1,250.50",QX12AB34CD,Completed,27-11-2026 09:05:00',
      '300.00,QX12AB34CE,Failed,27-11-2026 09:06:00',
    ].join('\r\n');
    expect(readTillStatement(text).payments).toEqual([{ code: 'QX12AB34CD', completedAt: Date.UTC(2026, 10, 27, 6, 5, 0), paidInCents: 125_050, party: '' }]);
  });

  it('says what is wrong with a file that is not the statement, or a line it cannot read', () => {
    expect(() => readTillStatement('code,amount\nQX12AB34CD,100\n')).toThrow(/no table with the columns Receipt No\., Completion Time, Paid In/);
    expect(() => readTillStatement('Receipt No.,Completion Time,Paid In\nQX12AB34CD,2026-02-30 10:00:00,100.00\n')).toThrow(
      /table row 1 \(QX12AB34CD\): Completion Time "2026-02-30 10:00:00" is not a calendar time/,
    );
    expect(() => readTillStatement('Receipt No.,Completion Time,Paid In\nQX12AB34CD,2026-02-03 10:00:00,12.345\n')).toThrow(
      /table row 1 \(QX12AB34CD\): Paid In "12.345"/,
    );
  });
});
