import { describe, expect, it } from 'vitest';
import { checkPayment } from '../../src/domain/payment.js';

describe('payment of a sale', () => {
  it('paid in full leaves no balance', () => {
    expect(checkPayment({ totalAmountCents: 11_600, amountPaidCents: 11_600 })).toEqual({ amountPaidCents: 11_600, balanceCents: 0, problems: [] });
  });

  it('paid in part leaves the rest as a credit balance', () => {
    expect(checkPayment({ totalAmountCents: 11_600, amountPaidCents: 5_000 }).balanceCents).toBe(6_600);
  });

  it('amountPaid is the sum of the channels when channels are sent', () => {
    const result = checkPayment({ totalAmountCents: 10_000, amountPaidCents: 10_000, channelCents: [6_000, 4_000] });
    expect(result).toEqual({ amountPaidCents: 10_000, balanceCents: 0, problems: [] });
  });

  it('refuses an amountPaid that is not the sum of the channels', () => {
    const result = checkPayment({ totalAmountCents: 10_000, amountPaidCents: 10_000, channelCents: [6_000, 3_000] });
    expect(result.problems).toEqual([expect.objectContaining({ field: 'amountPaid', sent: 100, expected: 90 })]);
    expect(result.problems[0]!.message).toMatch(/channelsDto/);
  });

  it('refuses paying more than the total', () => {
    const result = checkPayment({ totalAmountCents: 10_000, amountPaidCents: 10_001 });
    expect(result.problems).toEqual([expect.objectContaining({ field: 'amountPaid', sent: 100.01, expected: 'at most 100' })]);
  });

  it('reports every problem, not only the first', () => {
    const result = checkPayment({ totalAmountCents: 10_000, amountPaidCents: 20_000, channelCents: [15_000] });
    expect(result.problems.map((p) => p.field)).toEqual(['amountPaid', 'amountPaid']);
  });
});
