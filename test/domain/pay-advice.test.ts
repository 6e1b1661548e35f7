import { describe, expect, it } from 'vitest';
import { balanceCarriedForward, deferredDeductions, payAdvice, rentLine, type PayAdviceInput } from '../../src/domain/pay-advice.js';
import { paidBalanceFigures, ZERO_TOTALS } from '../../src/domain/paid-balance.js';

const line = (unitNo: string, totals: Partial<typeof ZERO_TOTALS>) => ({
  unitId: unitNo.length,
  unitNo,
  tenantName: `tenant ${unitNo}`,
  marketRent: 0,
  figures: paidBalanceFigures({ ...ZERO_TOTALS, ...totals }),
});

const base: PayAdviceInput = {
  paymentType: 'COMBINED',
  lines: [line('A1', { rentWoTax: 2_000_000, paidRent: 2_000_000, paidRentTax: 320_000, rentTax: 320_000, srvcWoTax: 300_000, paidSrvc: 300_000 })],
  manFeeRateBp: 1000,
  vatRateBp: 1600,
  expenses: [{ date: 2, description: 'Cleaning', amount: 50_000 }],
  balanceBf: 0,
  statementType: 'INTERIM',
  withEffectFrom: 0,
  withEffectTo: 1,
};

describe('landlord pay advice', () => {
  it('takes rent and service charges received, without tax, as the period income (COMBINED)', () => {
    const advice = payAdvice(base);
    expect(advice.rentReceived).toBe(2_000_000);
    expect(advice.totalUtility).toBe(300_000);
    expect(advice.periodIncome).toBe(2_300_000);
    expect(advice.taxReceived).toBe(320_000);
  });

  it('charges the management fee on income only, never on tax, and VAT on the fee', () => {
    const advice = payAdvice(base);
    expect(advice.manFees).toBe(230_000); // 10% of 23,000.00
    expect(advice.manFeesVat).toBe(36_800); // 16% of 2,300.00
    expect(advice.totalDeductions).toBe(230_000 + 36_800 + 50_000);
  });

  it('rounds the fee and its VAT half away from zero, to the cent', () => {
    const advice = payAdvice({ ...base, manFeeRateBp: 750, lines: [line('A1', { paidRent: 5_503_500 })], expenses: [] });
    expect(advice.manFees).toBe(412_763); // 4,127.625 -> 4,127.63
    expect(advice.manFeesVat).toBe(66_042); // 660.4208 -> 660.42
  });

  it('net amount due = balanceBf + income + tax - deductions - held back', () => {
    const advice = payAdvice({ ...base, balanceBf: -100_000, deferredPayment: 20_000 });
    expect(advice.netAmountDue).toBe(-100_000 + 2_300_000 + 320_000 - 316_800 - 20_000);
  });

  it('may be negative: the landlord owes; the uncovered deductions are deferred', () => {
    const advice = payAdvice({ ...base, lines: [line('A1', { paidRent: 10_000 })], expenses: [{ date: 1, description: 'Roof', amount: 500_000 }] });
    expect(advice.netAmountDue).toBe(10_000 - 1_000 - 160 - 500_000);
    expect(advice.deferredAmount).toBe(-advice.netAmountDue);
    // An older debt brought forward is not a deduction of this month.
    expect(deferredDeductions(-900_000, 300_000)).toBe(300_000);
  });

  it('RENT_ONLY counts rent only; SERVICE_CHARGE_ONLY the service only', () => {
    expect(payAdvice({ ...base, paymentType: 'RENT_ONLY' })).toMatchObject({
      rentReceived: 2_000_000,
      totalUtility: 0,
      periodIncome: 2_000_000,
      taxReceived: 320_000,
      stmtIncomeLabel: 'Rent received',
    });
    expect(payAdvice({ ...base, paymentType: 'SERVICE_CHARGE_ONLY', serviceName: 'Garbage' })).toMatchObject({
      rentReceived: 0,
      totalUtility: 300_000,
      periodIncome: 300_000,
      taxReceived: 0,
      stmtIncomeLabel: 'Garbage received',
    });
  });

  it('a rent line: balanceCf = balanceBf + invoiced - amountPaid - amountPaidTax, for every type', () => {
    const l = line('B1', {
      rentWoTaxPrev: 5_000,
      rentWoTax: 10_000,
      rentTax: 1_600,
      srvcWoTax: 1_000,
      srvcTax: 160,
      paidRent: 3_000,
      paidRentTax: 480,
      paidSrvc: 862,
      paidSrvcTax: 138,
    });
    for (const type of ['COMBINED', 'RENT_ONLY', 'SERVICE_CHARGE_ONLY'] as const) {
      const r = rentLine(type, l);
      expect(r.balanceCf).toBe(r.balanceBf + r.invoiced - r.amountPaid - r.amountPaidTax);
    }
    expect(rentLine('COMBINED', l)).toMatchObject({ monthlyCharge: 10_000, invoiced: 12_760, amountPaid: 3_862, amountPaidTax: 618 });
  });

  it('carries into the next month only a debt, plus what was held back', () => {
    expect(balanceCarriedForward(250_000, 0)).toBe(0); // paid out to the landlord
    expect(balanceCarriedForward(-56_405, 0)).toBe(-56_405);
    expect(balanceCarriedForward(100_000, 20_000)).toBe(20_000);
  });

  it('lists expenses by date', () => {
    const advice = payAdvice({
      ...base,
      expenses: [
        { date: 5, description: 'b', amount: 1 },
        { date: 1, description: 'a', amount: 2 },
      ],
    });
    expect(advice.expenseList.map((e) => e.description)).toEqual(['a', 'b']);
    expect(advice.periodExpense).toBe(3);
  });
});
