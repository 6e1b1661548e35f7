import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateReceipt, openChargesOf, splitPayment, TenancyLedger, type OpenCharge } from '../../src/domain/receipt-allocation.js';

const JAN = Date.UTC(2026, 0, 1);
const FEB = Date.UTC(2026, 1, 1);
const MAR = Date.UTC(2026, 2, 1);

const charge = (chargeId: number, kind: OpenCharge['kind'], chargeDate: number, amountDue: number, taxDue = 0): OpenCharge => ({
  chargeId,
  kind,
  chargeDate,
  serviceId: kind === 'rent' ? null : 9,
  amountDue,
  taxDue,
});

describe('allocating a receipt', () => {
  it('pays the oldest open charge first', () => {
    const open = [charge(2, 'rent', FEB, 10_000), charge(1, 'rent', JAN, 10_000)];
    const { allocations } = allocateReceipt(open, 15_000, FEB + 5);
    expect(allocations.map((a) => [a.chargeId, a.part, a.amount])).toEqual([
      [1, 'rent', 10_000],
      [2, 'rent', 5_000],
    ]);
  });

  it('pays rent before service, service before other dues, within a month', () => {
    const open = [charge(3, 'other', JAN, 500), charge(2, 'service', JAN, 1_000), charge(1, 'rent', JAN, 10_000)];
    const { allocations, open: left } = allocateReceipt(open, 10_600, JAN + 1);
    expect(allocations.map((a) => [a.chargeId, a.part, a.amount])).toEqual([
      [1, 'rent', 10_000],
      [2, 'service', 600],
    ]);
    expect(left.map((c) => [c.chargeId, c.amountDue])).toEqual([
      [2, 400],
      [3, 500],
    ]);
  });

  it('pays tax with its charge: a part payment splits in proportion', () => {
    // 1,000.00 of a 1,000.00 + 160.00 service charge: tax round(1000 x 160 / 1160) = 137.93 -> 138.
    expect(splitPayment(100_000, 100_000, 16_000)).toEqual({ amount: 86_207, tax: 13_793 });
    const { allocations } = allocateReceipt([charge(1, 'service', JAN, 100_000, 16_000)], 100_000, JAN + 1);
    expect(allocations.map((a) => [a.part, a.amount])).toEqual([
      ['service', 86_207],
      ['service_tax', 13_793],
    ]);
  });

  it('books what is left after every open charge as rent paid in advance', () => {
    const { allocations, advance } = allocateReceipt([charge(1, 'rent', JAN, 3_000_000, 480_000)], 12_000_000, JAN + 1);
    expect(advance).toBe(8_520_000);
    expect(allocations.at(-1)).toEqual({ chargeId: null, part: 'rent', amount: 8_520_000, chargeDate: null, serviceId: null });
  });

  it('does not pay a charge dated after the receipt', () => {
    const { allocations, open } = allocateReceipt([charge(1, 'rent', MAR, 10_000)], 4_000, FEB);
    expect(allocations).toEqual([{ chargeId: null, part: 'rent', amount: 4_000, chargeDate: null, serviceId: null }]);
    expect(open).toHaveLength(1);
  });

  it('refuses a receipt that is not a positive whole number of cents', () => {
    expect(() => allocateReceipt([], 0, JAN)).toThrow(RangeError);
    expect(() => allocateReceipt([], 10.5, JAN)).toThrow(RangeError);
  });

  it('lets later rent charges consume rent paid in advance, not service charges', () => {
    const ledger = new TenancyLedger();
    ledger.raise(charge(1, 'rent', JAN, 10_000));
    ledger.receive(25_000, JAN + 1);
    expect(ledger.advanceCredit()).toBe(15_000);
    ledger.raise(charge(2, 'service', FEB, 1_000));
    ledger.raise(charge(3, 'rent', FEB, 10_000));
    expect(ledger.advanceCredit()).toBe(5_000);
    expect(ledger.openCharges().map((c) => c.chargeId)).toEqual([2]);
    expect(ledger.balance()).toBe(1_000 - 5_000);
  });

  it('rebuilds the same open charges from a stored ledger', () => {
    const { open, credit } = openChargesOf(
      [
        { chargeId: 1, kind: 'rent', chargeDate: JAN, serviceId: null, amount: 10_000, tax: 0, paidAmount: 10_000, paidTax: 0 },
        { chargeId: 2, kind: 'rent', chargeDate: FEB, serviceId: null, amount: 10_000, tax: 1_600, paidAmount: 0, paidTax: 0 },
        { chargeId: 3, kind: 'other', chargeDate: FEB, serviceId: 9, amount: 500, tax: 0, paidAmount: 200, paidTax: 0 },
      ],
      5_800,
    );
    // The 5,800 advance pays 5,000 of February's rent and its 800 tax, in proportion.
    expect(credit).toBe(0);
    expect(open.map((c) => [c.chargeId, c.amountDue, c.taxDue])).toEqual([
      [2, 5_000, 800],
      [3, 300, 0],
    ]);
  });

  it('allocates every cent of a receipt, never more than is due on a charge', () => {
    const arbitraryCharge = fc.record({
      kind: fc.constantFrom('rent', 'service', 'other') as fc.Arbitrary<OpenCharge['kind']>,
      month: fc.integer({ min: 0, max: 5 }),
      amountDue: fc.integer({ min: 0, max: 5_000_000 }),
      taxDue: fc.integer({ min: 0, max: 800_000 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryCharge, { maxLength: 12 }), fc.integer({ min: 1, max: 20_000_000 }), (specs, amount) => {
        const open = specs.map((s, i) => charge(i + 1, s.kind, Date.UTC(2026, s.month, 1), s.amountDue, s.taxDue));
        const result = allocateReceipt(open, amount, Date.UTC(2026, 6, 1));
        expect(result.allocations.reduce((sum, a) => sum + a.amount, 0)).toBe(amount);
        for (const c of open) {
          const paid = result.allocations.filter((a) => a.chargeId === c.chargeId).reduce((sum, a) => sum + a.amount, 0);
          expect(paid).toBeLessThanOrEqual(c.amountDue + c.taxDue);
          const tax = result.allocations.filter((a) => a.chargeId === c.chargeId && a.part.endsWith('_tax')).reduce((sum, a) => sum + a.amount, 0);
          expect(tax).toBeLessThanOrEqual(c.taxDue);
        }
        expect(result.allocations.every((a) => a.amount > 0 && Number.isInteger(a.amount))).toBe(true);
      }),
    );
  });
});
