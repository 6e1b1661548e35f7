/**
 * The words a statement PDF adds to its figures: the draft mark of an INTERIM statement and,
 * on a FINAL statement whose net amount due is negative, what happens to the debt and which
 * of the month's deductions were deferred. Pure, so each sentence is tested as written.
 */
import type { StatementRecord } from '../../contract/statement.js';
import { toCents, type Cents } from '../../domain/money.js';
import { addMonths, MONTH_NAMES } from '../../domain/month-range.js';
import { balanceCarriedForward } from '../../domain/pay-advice.js';
import { formatAmount } from '../../domain/rent-details-html.js';

/** Printed across and at the top of every page of an INTERIM statement. */
export const DRAFT_MARK = 'DRAFT - INTERIM';

/** "KES 1,234.56", "KES -201,878.73". */
export function amountWithCurrency(cents: Cents, currency: string): string {
  return `${currency} ${formatAmount(cents)}`;
}

/** The header line of each page of an INTERIM statement. */
export function draftLine(statement: Pick<StatementRecord, 'month' | 'year'>): string {
  return `${DRAFT_MARK}: a draft for ${statement.month} ${statement.year}; its figures may change until the FINAL statement is prepared`;
}

/** "AUGUST 2026" after "JULY 2026"; the statement's own words when its month is not a month name. */
export function nextMonthText(statement: Pick<StatementRecord, 'month' | 'year'>): string {
  const index = MONTH_NAMES.indexOf(statement.month.toUpperCase() as (typeof MONTH_NAMES)[number]);
  if (index < 0) return `the month after ${statement.month} ${statement.year}`;
  const next = addMonths({ year: statement.year, month: index + 1 }, 1);
  return `${MONTH_NAMES[next.month - 1]} ${next.year}`;
}

type NoteFigures = Pick<
  StatementRecord,
  | 'statementType'
  | 'month'
  | 'year'
  | 'amtPyble'
  | 'deferredPaymentAmt'
  | 'deferedAmount'
  | 'lessPeriodTxn'
  | 'manFees'
  | 'manFeesTax'
  | 'expenses'
  | 'manFeesRate'
>;

/**
 * Paragraphs under the net amount due of a FINAL statement that is negative (the landlord owes
 * the company); none for any other statement. The carried amount is the domain's
 * balanceCarriedForward, the deferred one the statement's deferredAmount.
 */
export function negativeFinalNote(s: NoteFigures, currency: string): string[] {
  const net = toCents(s.amtPyble);
  if (s.statementType !== 'FINAL' || net >= 0) return [];
  const money = (cents: Cents) => amountWithCurrency(cents, currency);
  const next = nextMonthText(s);
  const carried = balanceCarriedForward(net, toCents(s.deferredPaymentAmt));
  const held = toCents(s.deferredPaymentAmt);
  const paragraphs = [
    `The net amount due is negative: the landlord owes ${money(-net)}, and nothing is paid out for ${s.month} ${s.year}. ` +
      `The statement of ${next} starts from a balance brought forward of ${money(carried)}` +
      (held !== 0 ? ` (the debt less the ${money(held)} held back, which is still the landlord's)` : '') +
      " and recovers it from that month's income.",
  ];
  const deferred = toCents(s.deferedAmount);
  const deductions = toCents(s.lessPeriodTxn);
  const parts = `management fees (${s.manFeesRate}%) ${money(toCents(s.manFees))}, VAT on them ${money(toCents(s.manFeesTax))}, expenses ${money(toCents(s.expenses))}`;
  paragraphs.push(
    deferred > 0
      ? `Deferred deductions: ${money(deferred)} of this month's deductions of ${money(deductions)} (${parts}) ` +
          `could not be covered by the month's income and balance; ${deferred === deductions ? 'all of them are' : 'that part is'} deferred to ${next} with the debt.`
      : `No deduction of this month is deferred: the debt comes from the balance brought forward.`,
  );
  return paragraphs;
}
