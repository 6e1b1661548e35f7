import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents } from '../../src/domain/money.js';
import { paidBalanceFigures, ZERO_TOTALS } from '../../src/domain/paid-balance.js';
import { toPaidBalanceRow } from '../../src/services/paid-balance.js';

describe('a paid-and-balance row on the wire', () => {
  it('sends every amount exactly as fromCents would (its fast path divides by 100)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), fc.integer({ min: 0, max: 2 ** 50 }), (cents, rent) => {
        const row = toPaidBalanceRow({
          source: { propertyId: 1, propertyName: 'P', unitId: 1, unitNo: 'A1', marketRentCents: rent, tenancyId: 7, tenancyStart: 0, tenancyEnd: null, tenantAccount: 'T1', tenantName: 'T', tenantPhone: null },
          vacant: false,
          endedOn: null,
          figures: paidBalanceFigures({ ...ZERO_TOTALS, rentWoTax: cents, paidSrvcPrev: -cents }),
        });
        expect(row.rentWoTax).toBe(fromCents(cents));
        expect(row.srvcBalBf).toBe(fromCents(cents));
        expect(row.marketRent).toBe(fromCents(rent));
        expect(Object.is(row.rentTax, -0)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it('shows a vacant unit as VACANT with no tenancy', () => {
    const row = toPaidBalanceRow({
      source: { propertyId: 1, propertyName: 'P', unitId: 1, unitNo: 'A4', marketRentCents: 1_800_000, tenancyId: null, tenancyStart: null, tenancyEnd: null, tenantAccount: null, tenantName: null, tenantPhone: null },
      vacant: true,
      endedOn: null,
      figures: paidBalanceFigures(ZERO_TOTALS),
    });
    expect(row).toMatchObject({ tenant: 'VACANT', putmId: 0, tntAccount: '', phoneNo: '', vacant: 1, occupied: 0, marketRent: 18000, totalCf: 0, id: null, stmtSection: 'RENT' });
  });
});
