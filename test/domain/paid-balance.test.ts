import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthRange } from '../../src/domain/month-range.js';
import { paidBalanceFigures, vacantFigures, ZERO_TOTALS } from '../../src/domain/paid-balance.js';
import { TenancyLedger } from '../../src/domain/receipt-allocation.js';
import { totalsFor, type ReplayedTenancy } from '../helpers/fixture-ledger.js';

describe('paid and balance arithmetic', () => {
  it('brings forward what was charged before the month less what was paid before it', () => {
    const f = paidBalanceFigures({
      ...ZERO_TOTALS,
      rentWoTaxPrev: 60_000,
      rentTaxPrev: 9_600,
      paidRentPrev: 120_000,
      srvcWoTaxPrev: 3_000,
      paidSrvcPrev: 1_500,
    });
    expect(f.rentBalBf).toBe(-50_400); // negative: paid in advance
    expect(f.srvcBalBf).toBe(1_500);
    expect(f.totalBf).toBe(-48_900);
  });

  it('carries forward bf + charged in the month (with tax) - paid in the month (with tax)', () => {
    const f = paidBalanceFigures({
      ...ZERO_TOTALS,
      rentWoTaxPrev: 15_000,
      rentWoTax: 15_000,
      rentTax: 2_400,
      paidRent: 10_000,
      paidRentTax: 1_600,
      srvcWoTax: 1_000,
      srvcTax: 160,
      paidSrvc: 500,
      paidSrvcTax: 80,
    });
    expect(f.rentBalCf).toBe(15_000 + 15_000 + 2_400 - 10_000 - 1_600);
    expect(f.srvcBalCf).toBe(1_000 + 160 - 500 - 80);
    expect(f.totalCf).toBe(f.rentBalCf + f.srvcBalCf);
  });

  it('keeps other dues apart: odnsBalBf from before the month', () => {
    const f = paidBalanceFigures({ ...ZERO_TOTALS, odnsChargedPrev: 800, odnsPaidPrev: 0, odnsCharged: 600, odnsPaid: 800, odnsPaidArrears: 800 });
    expect(f.odnsBalBf).toBe(800);
    expect(f.odnsBalCf).toBe(600);
    expect(f.totalCf).toBe(0);
  });

  it('gives a vacant unit zeros', () => {
    expect(Object.values(vacantFigures()).every((v) => v === 0)).toBe(true);
  });

  it('bf + charges - paid = cf, and one month’s cf is the next month’s bf, for any ledger', () => {
    const zone = 'Africa/Nairobi';
    const months = Array.from({ length: 6 }, (_, i) => monthRange(2026, i + 1, zone));
    const monthEvents = fc.record({
      rent: fc.integer({ min: 0, max: 5_000_000 }),
      rentTaxBp: fc.constantFrom(0, 1600),
      service: fc.integer({ min: 0, max: 500_000 }),
      water: fc.integer({ min: 0, max: 150_000 }),
      receipts: fc.array(fc.record({ day: fc.integer({ min: 0, max: 27 }), amount: fc.integer({ min: 1, max: 8_000_000 }) }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(monthEvents, { minLength: 6, maxLength: 6 }), (spec) => {
        const ledger = new TenancyLedger();
        const t: ReplayedTenancy = { key: 'alice', unitNo: 'X', tenantName: 'X', from: months[0]!.from, to: null, charges: [], payments: [] };
        let id = 0;
        spec.forEach((m, i) => {
          const date = months[i]!.from;
          const raise = (kind: 'rent' | 'service' | 'other', amount: number, tax: number) => {
            if (amount + tax === 0) return;
            t.charges.push({ kind, serviceId: kind === 'rent' ? null : 1, date, amount, tax });
            ledger.raise({ chargeId: ++id, kind, chargeDate: date, serviceId: kind === 'rent' ? null : 1, amountDue: amount, taxDue: tax });
          };
          raise('rent', m.rent, Math.round((m.rent * m.rentTaxBp) / 10_000));
          raise('service', m.service, 0);
          raise('other', m.water, 0);
          for (const r of [...m.receipts].sort((a, b) => a.day - b.day)) {
            const at = date + r.day * 86_400_000;
            for (const a of ledger.receive(r.amount, at)) t.payments.push({ ...a, receiptDate: at });
          }
        });
        let previousCf: number | undefined;
        for (const range of months) {
          const f = paidBalanceFigures(totalsFor(t, range));
          const charged = f.rentWoTax + f.rentTax + f.srvcWoTax + f.srvcTax;
          const paid = f.paidRent + f.paidRentTax + f.paidSrvc + f.paidSrvcTax;
          expect(f.totalCf).toBe(f.totalBf + charged - paid);
          if (previousCf !== undefined) expect(f.totalBf + f.odnsBalBf).toBe(previousCf);
          previousCf = f.totalCf + f.odnsBalCf;
        }
        // What the reports say is owed at the end equals what the allocation ledger holds open.
        expect(previousCf).toBe(ledger.balance());
      }),
      { numRuns: 200 },
    );
  });
});
