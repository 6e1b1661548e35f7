import { describe, expect, it } from 'vitest';
import { draftLine, negativeFinalNote, nextMonthText } from '../../src/server/pdf/statement-notes.js';

/** A FINAL statement's figures, in the wire's decimal amounts. */
const base = {
  statementType: 'FINAL',
  month: 'JULY',
  year: 2026,
  amtPyble: -201_878.73,
  deferredPaymentAmt: 0,
  deferedAmount: 201_878.73,
  lessPeriodTxn: 365_151.73,
  manFees: 13_061.84,
  manFeesTax: 2_089.89,
  expenses: 350_000,
  manFeesRate: 8,
};

describe('the words of a statement PDF', () => {
  it('names the next month, across a year end', () => {
    expect(nextMonthText({ month: 'JULY', year: 2026 })).toBe('AUGUST 2026');
    expect(nextMonthText({ month: 'DECEMBER', year: 2026 })).toBe('JANUARY 2027');
    expect(draftLine({ month: 'MARCH', year: 2026 })).toBe(
      'DRAFT - INTERIM: a draft for MARCH 2026; its figures may change until the FINAL statement is prepared',
    );
  });

  it('explains a negative FINAL: what is owed, the balance the next month starts from, the deferred part of the deductions', () => {
    expect(negativeFinalNote(base, 'KES')).toEqual([
      'The net amount due is negative: the landlord owes KES 201,878.73, and nothing is paid out for JULY 2026. ' +
        "The statement of AUGUST 2026 starts from a balance brought forward of KES -201,878.73 and recovers it from that month's income.",
      "Deferred deductions: KES 201,878.73 of this month's deductions of KES 365,151.73 (management fees (8%) KES 13,061.84, " +
        "VAT on them KES 2,089.89, expenses KES 350,000.00) could not be covered by the month's income and balance; that part is deferred to AUGUST 2026 with the debt.",
    ]);
  });

  it('carries the debt less a payment held back, which the landlord is still owed', () => {
    // net -1,000.00 with 500.00 held back: min(-1,000.00, 0) + 500.00 = -500.00 carried.
    const note = negativeFinalNote(
      { ...base, amtPyble: -1000, deferredPaymentAmt: 500, deferedAmount: 300, lessPeriodTxn: 300, manFees: 100, manFeesTax: 16, expenses: 184 },
      'KES',
    );
    expect(note[0]).toContain('owes KES 1,000.00');
    expect(note[0]).toContain("a balance brought forward of KES -500.00 (the debt less the KES 500.00 held back, which is still the landlord's)");
    expect(note[1]).toContain("KES 300.00 of this month's deductions of KES 300.00");
    expect(note[1]).toContain('all of them are deferred to AUGUST 2026');
  });

  it('says no deduction is deferred when the whole debt was brought forward', () => {
    const note = negativeFinalNote({ ...base, amtPyble: -2000, deferedAmount: 0, lessPeriodTxn: 0, manFees: 0, manFeesTax: 0, expenses: 0 }, 'TZS');
    expect(note[1]).toBe('No deduction of this month is deferred: the debt comes from the balance brought forward.');
  });

  it('adds nothing to a FINAL that is paid out, nor to an INTERIM, negative or not', () => {
    expect(negativeFinalNote({ ...base, amtPyble: 0, deferedAmount: 0 }, 'KES')).toEqual([]);
    expect(negativeFinalNote({ ...base, amtPyble: 1500 }, 'KES')).toEqual([]);
    expect(negativeFinalNote({ ...base, statementType: 'INTERIM' }, 'KES')).toEqual([]);
  });
});
