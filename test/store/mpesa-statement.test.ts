/**
 * The statement reader: the table found by its header row after any header block, columns in
 * any order, amounts with thousands separators (exact cents), times in East Africa Time, every
 * line of the table one StatementLine; a file without the table or with a bad amount refused.
 */
import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from '../../src/domain/month-range.js';
import { darajaTime, MPESA_TIME_ZONE, statementCents, StatementReader, StatementReadError, statementTime } from '../../src/store/rules/mpesa-statement.js';

const read = (records: string[][]) => {
  const reader = new StatementReader();
  const lines = records.flatMap((cells, i) => reader.push(cells, i + 1) ?? []);
  reader.finish();
  return lines;
};

describe('statementCents and times', () => {
  it('reads amounts as the portal writes them, exactly', () => {
    expect(statementCents('40,000.00')).toBe(4_000_000);
    expect(statementCents('1,254,300.05')).toBe(125_430_005);
    expect(statementCents('750')).toBe(75_000);
    expect(statementCents('-52.00')).toBe(5200);
    expect(statementCents('')).toBe(0);
    expect(statementCents('4,00.00')).toBeUndefined();
    expect(statementCents('12.345')).toBeUndefined();
  });
  it('reads times as East Africa Time (UTC+3) in either order of the date', () => {
    expect(statementTime('2026-10-31 18:42:09')).toBe(Date.UTC(2026, 9, 31, 15, 42, 9));
    expect(statementTime('31-10-2026 18:42:09')).toBe(Date.UTC(2026, 9, 31, 15, 42, 9));
    expect(darajaTime('20261031184209')).toBe(Date.UTC(2026, 9, 31, 15, 42, 9));
    expect(darajaTime('2026-10-31')).toBeUndefined();
  });
  it("reads a time by East Africa Time's fixed offset as the zone database reads it, and refuses the same dates", () => {
    for (let day = 0; day < 3 * 366; day += 7) {
      const at = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + day * 4_093_000);
      const text = at.toISOString().slice(0, 19).replace('T', ' ');
      expect(statementTime(text)).toBe(parseLocalDateTime(text, MPESA_TIME_ZONE));
    }
    expect(statementTime('1955-06-01 10:00:00')).toBe(parseLocalDateTime('1955-06-01 10:00:00', MPESA_TIME_ZONE));
    for (const text of ['2026-02-29 10:00:00', '2026-13-01 10:00:00', '2026-10-31 24:00:00', '2026-10-31 18:60:00', '31-02-2026 10:00'])
      expect(statementTime(text)).toBeUndefined();
    expect(statementTime('2028-02-29 23:59')).toBe(Date.UTC(2028, 1, 29, 20, 59));
  });
});

describe('StatementReader', () => {
  it('finds the table after the header block, its columns in any order', () => {
    const lines = read([
      ['Organization Name', 'SAVANNA'],
      ['Time Period', 'From 01-10-2026 00:00:00 To 31-10-2026 23:59:59'],
      [''],
      ['A/C No.', 'Paid In', 'Withdrawn', 'Receipt No.', 'Completion Time', 'Transaction Status', 'Details', 'Reason Type', 'Linked Transaction ID'],
      ['T1-000001', '40,000.00', '', 'SJ51K2LM3N', '2026-10-31 18:42:09', 'Completed', 'Pay Bill', 'Pay Bill Online', ''],
      ['', '', '52.00', 'SJ51K2LM3P', '2026-10-31 18:40:55', 'Completed', 'Business Charges', 'Pay Bill Charge', ''],
      ['', '', '2,000.00', 'SJ31G6PV1Y', '2026-10-03 14:22:10', 'Completed', 'Reversal of SJ21F5NU0X', 'Reversal', ''],
      ['T1-9', '10.00', '', 'SJ31G6PV1Z', '2026-10-03 14:22:10', 'Failed', 'Pay Bill', 'Pay Bill Online', ''],
    ]);
    expect(lines.map((l) => [l.kind, l.line, l.code])).toEqual([
      ['payment', 5, 'SJ51K2LM3N'],
      ['charge', 6, 'SJ51K2LM3P'],
      ['reversal', 7, 'SJ31G6PV1Y'],
      ['not completed', 8, 'SJ31G6PV1Z'],
    ]);
    expect(lines[0]).toMatchObject({ amount: 4_000_000, account: 'T1-000001' });
    expect(lines[2]).toMatchObject({ linked: 'SJ21F5NU0X', withdrawn: 200_000 });
  });

  it('refuses a file with no table, and one with a bad amount, naming the line', () => {
    expect(() => read([['Receipt', 'Amount']])).toThrow(StatementReadError);
    expect(() =>
      read([
        ['Receipt No.', 'Completion Time', 'Paid In', 'A/C No.'],
        ['SJ1', '2026-10-01 10:00:00', '1.2.3', 'T1'],
      ]),
    ).toThrow(/line 2, Paid In: "1\.2\.3" is not an amount/);
  });
});
