/**
 * The landlord pay advice against the test's own exact arithmetic (DOMAIN.md "Landlord pay
 * advice"), for any ledger figures, fee and VAT rates, expenses, balance brought forward and
 * amount held back, under each payment type. Seeded, so a failure replays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANDLORD_PAYMENT_TYPES } from '../../src/contract/enums.js';
import { paidBalanceFigures, ZERO_TOTALS, type LedgerTotals } from '../../src/domain/paid-balance.js';
import { payAdvice } from '../../src/domain/pay-advice.js';
import { divideHalfAway } from '../helpers/exact-money.js';

const TOTAL_KEYS = Object.keys(ZERO_TOTALS) as (keyof LedgerTotals)[];
const cents = fc.integer({ min: 0, max: 100_000_000 });
const ledgerTotals = fc.record(Object.fromEntries(TOTAL_KEYS.map((key) => [key, cents])) as Record<keyof LedgerTotals, fc.Arbitrary<number>>);
const big = (values: readonly number[]) => values.reduce((s, v) => s + BigInt(v), 0n);

describe('pay advice arithmetic', () => {
  it('income, tax passed on, fee and its VAT, deductions, net amount due and what is deferred, to the cent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANDLORD_PAYMENT_TYPES),
        fc.array(ledgerTotals, { maxLength: 6 }),
        fc.integer({ min: 0, max: 2500 }),
        fc.constantFrom(0, 1600, 1450),
        fc.array(cents, { maxLength: 4 }),
        fc.integer({ min: -50_000_000, max: 50_000_000 }),
        fc.oneof(fc.constant(0), cents),
        (type, totals, feeBp, vatBp, expenses, balanceBf, deferredPayment) => {
          const lines = totals.map((t, i) => ({ unitId: i + 1, unitNo: `U${i + 1}`, tenantName: `T${i + 1}`, marketRent: 0, figures: paidBalanceFigures(t) }));
          const advice = payAdvice({
            paymentType: type,
            lines,
            manFeeRateBp: feeBp,
            vatRateBp: vatBp,
            expenses: expenses.map((amount, i) => ({ date: i, description: `e${i}`, amount })),
            balanceBf,
            deferredPayment,
            statementType: 'INTERIM',
            withEffectFrom: 0,
            withEffectTo: 1,
          });
          // What the payment type covers: rent, the service, or both; tax collected on it is passed on.
          const rent = type === 'SERVICE_CHARGE_ONLY' ? 0n : big(totals.map((t) => t.paidRent));
          const service = type === 'RENT_ONLY' ? 0n : big(totals.map((t) => t.paidSrvc));
          const tax =
            (type === 'SERVICE_CHARGE_ONLY' ? 0n : big(totals.map((t) => t.paidRentTax))) + (type === 'RENT_ONLY' ? 0n : big(totals.map((t) => t.paidSrvcTax)));
          const income = rent + service;
          const fee = divideHalfAway(income * BigInt(feeBp), 10_000n);
          const feeVat = divideHalfAway(fee * BigInt(vatBp), 10_000n);
          const deductions = fee + feeVat + big(expenses);
          const net = BigInt(balanceBf) + income + tax - deductions - BigInt(deferredPayment);
          const deferred = net < 0n ? (-net < deductions ? -net : deductions) : 0n;
          const shown = advice as unknown as Record<string, number>;
          const got = Object.fromEntries(
            ['rentReceived', 'totalUtility', 'periodIncome', 'taxReceived', 'manFees', 'manFeesVat', 'totalDeductions', 'netAmountDue', 'deferredAmount'].map(
              (k) => [k, BigInt(shown[k]!)],
            ),
          );
          expect(got).toEqual({
            rentReceived: rent,
            totalUtility: service,
            periodIncome: income,
            taxReceived: tax,
            manFees: fee,
            manFeesVat: feeVat,
            totalDeductions: deductions,
            netAmountDue: net,
            deferredAmount: deferred,
          });
          // Each rent line balances: c/f = b/f + invoiced - paid - tax paid.
          expect(advice.rentsList).toHaveLength(totals.length);
          for (const line of advice.rentsList) expect(line.balanceCf).toBe(line.balanceBf + line.invoiced - line.amountPaid - line.amountPaidTax);
        },
      ),
      { seed: 2026, numRuns: 1000 },
    );
  });
});
