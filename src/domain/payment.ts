/**
 * How a sale is paid (DOMAIN.md): when channels are sent, amountPaid is their sum; amountPaid
 * may not exceed totalAmount; balance = totalAmount - amountPaid is the part sold on credit.
 */
import { fromCents, sumCents, type Cents } from './money.js';
import { checkSentAmount, type SaleProblem } from './sent-amount.js';

export interface PaymentTerms {
  totalAmountCents: Cents;
  amountPaidCents: Cents;
  /** Channel amounts, or undefined when the whole payment is one by paymentMethod. */
  channelCents?: readonly Cents[];
}

export interface PaymentResult {
  amountPaidCents: Cents;
  balanceCents: Cents;
  problems: SaleProblem[];
}

export function checkPayment(terms: PaymentTerms): PaymentResult {
  const problems: SaleProblem[] = [];
  let amountPaidCents = terms.amountPaidCents;
  if (terms.channelCents && terms.channelCents.length > 0) {
    // The channels are what was actually received; the sent amountPaid must agree with them.
    amountPaidCents = sumCents(terms.channelCents);
    const problem = checkSentAmount('amountPaid', fromCents(terms.amountPaidCents), amountPaidCents);
    if (problem) problems.push({ ...problem, message: `${problem.message} (the sum of channelsDto amounts)` });
  }
  if (amountPaidCents > terms.totalAmountCents) {
    problems.push({
      field: 'amountPaid',
      sent: fromCents(amountPaidCents),
      expected: `at most ${fromCents(terms.totalAmountCents)}`,
      message: `amountPaid ${fromCents(amountPaidCents)} exceeds totalAmount ${fromCents(terms.totalAmountCents)}`,
    });
  }
  return { amountPaidCents, balanceCents: terms.totalAmountCents - amountPaidCents, problems };
}
