import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateReceipt,
  onlyAppended,
  replayTenancy,
  splitPayment,
  TenancyLedger,
  type LedgerCharge,
  type LedgerReceipt,
  type OpenCharge,
} from '../../src/domain/receipt-allocation.js';

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

  it('lets each later charge consume rent paid in advance when it is raised, rent first, with its tax', () => {
    const ledger = new TenancyLedger();
    ledger.raise(charge(1, 'rent', JAN, 100_000));
    ledger.receive(202_000, JAN + 1);
    expect(ledger.advanceCredit()).toBe(102_000);
    // February's rent 1,000.00 and service 100.00 + 16.00 tax: the credit pays the rent, then
    // the last 20.00 pays the service in proportion (20 x 16 / 116 = 2.76 tax, 17.24), leaving 96.00 of it open.
    ledger.raise(charge(2, 'rent', FEB, 100_000));
    ledger.raise(charge(3, 'service', FEB, 10_000, 1_600));
    expect(ledger.advanceCredit()).toBe(0);
    expect(ledger.openCharges().map((c) => [c.chargeId, c.amountDue, c.taxDue])).toEqual([[3, 10_000 - 1_724, 1_600 - 276]]);
    expect(ledger.balance()).toBe(11_600 - 2_000);
  });

  it('splits each part payment in proportion to the charge as raised; the clearing one takes the remainder', () => {
    // 1,000.00 + 160.00 tax paid 500.00, 500.00, 160.00: tax round(500 x 160 / 1,160) = 68.97 twice,
    // then the rest exactly: 137.94 + 22.06. (In proportion to what was left, the second would be 68.96.)
    const charges: LedgerCharge[] = [{ chargeId: 1, kind: 'rent', chargeDate: JAN, serviceId: null, amount: 100_000, tax: 16_000 }];
    const receipts: LedgerReceipt[] = [
      { receiptId: 1, date: JAN + 1, amount: 50_000 },
      { receiptId: 2, date: JAN + 2, amount: 50_000 },
      { receiptId: 3, date: JAN + 3, amount: 16_000 },
    ];
    const { allocations } = replayTenancy(charges, receipts);
    expect([1, 2, 3].map((id) => allocations.get(id)!.map((a) => [a.part, a.amount]))).toEqual([
      [
        ['rent', 43_103],
        ['rent_tax', 6_897],
      ],
      [
        ['rent', 43_103],
        ['rent_tax', 6_897],
      ],
      [
        ['rent', 13_794],
        ['rent_tax', 2_206],
      ],
    ]);
  });

  it('derives the same allocations whatever order the events come in (the issue case: 1,600.00 on 5 January, 600.00 on 5 February)', () => {
    const FEB5 = FEB + 4 * 86_400_000;
    const JAN5 = JAN + 4 * 86_400_000;
    const charges: LedgerCharge[] = [
      { chargeId: 3, kind: 'rent', chargeDate: FEB, serviceId: null, amount: 100_000, tax: 0 },
      { chargeId: 4, kind: 'service', chargeDate: FEB, serviceId: 9, amount: 10_000, tax: 0 },
      { chargeId: 1, kind: 'rent', chargeDate: JAN, serviceId: null, amount: 100_000, tax: 0 },
      { chargeId: 2, kind: 'service', chargeDate: JAN, serviceId: 9, amount: 10_000, tax: 0 },
    ];
    const receipts: LedgerReceipt[] = [
      { receiptId: 11, date: FEB5, amount: 60_000 },
      { receiptId: 10, date: JAN5, amount: 160_000 },
    ];
    const parts = (replayed: ReturnType<typeof replayTenancy>, id: number) => replayed.allocations.get(id)!.map((a) => [a.chargeId, a.part, a.amount]);
    const replayed = replayTenancy(charges, receipts);
    // January pays its rent and service; 500.00 is rent paid in advance, which February's rent consumes when raised.
    expect(parts(replayed, 10)).toEqual([
      [1, 'rent', 100_000],
      [2, 'service', 10_000],
      [null, 'rent', 50_000],
    ]);
    // 5 February pays the rest of February's rent and its service.
    expect(parts(replayed, 11)).toEqual([
      [3, 'rent', 50_000],
      [4, 'service', 10_000],
    ]);
    expect(replayed.open).toEqual([]);
    const reversed = replayTenancy([...charges].reverse(), [...receipts].reverse());
    expect(parts(reversed, 10)).toEqual(parts(replayed, 10));
    expect(parts(reversed, 11)).toEqual(parts(replayed, 11));
  });

  it('books a charge before a receipt of the same date, and tells a late event from an appended one', () => {
    const charges: LedgerCharge[] = [{ chargeId: 1, kind: 'rent', chargeDate: FEB, serviceId: null, amount: 10_000, tax: 0 }];
    const receipts: LedgerReceipt[] = [{ receiptId: 1, date: FEB, amount: 10_000 }];
    expect(replayTenancy(charges, receipts).allocations.get(1)).toEqual([{ chargeId: 1, part: 'rent', amount: 10_000, chargeDate: FEB, serviceId: null }]);
    const newReceipt = (e: { receipt?: LedgerReceipt }) => e.receipt !== undefined;
    expect(onlyAppended(charges, receipts, newReceipt)).toBe(true);
    // a receipt dated before a charge already booked arrived late
    expect(onlyAppended(charges, [{ receiptId: 1, date: JAN, amount: 10_000 }], newReceipt)).toBe(false);
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
