import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paidBalanceFigures, ZERO_TOTALS, type LedgerTotals } from '../../src/domain/paid-balance.js';
import { toPaidBalanceRow } from '../../src/store/rules/paid-balance-report.js';

/** Cents as the decimal the wire carries, written out digit by digit (no float arithmetic). */
function decimal(cents: bigint): number {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return Number(`${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`);
}

const TOTAL_KEYS = Object.keys(ZERO_TOTALS) as (keyof LedgerTotals)[];
// Up to 10^11 shillings a figure: far beyond any ledger, well inside exact doubles once summed.
const cents = fc.integer({ min: -(10 ** 13), max: 10 ** 13 });
const ledgerTotals = fc.record(Object.fromEntries(TOTAL_KEYS.map((key) => [key, cents])) as Record<keyof LedgerTotals, fc.Arbitrary<number>>);

describe('a paid-and-balance row on the wire', () => {
  it('carries brought-forward and carried-forward balances that add up, to the cent, for any ledger totals', () => {
    fc.assert(
      fc.property(ledgerTotals, fc.nat({ max: 10 ** 10 }), (t, rent) => {
        const row = toPaidBalanceRow({
          source: {
            propertyId: 1,
            propertyName: 'P',
            unitId: 1,
            unitNo: 'A1',
            marketRentCents: rent,
            tenancyId: 7,
            tenancyStart: 0,
            tenancyEnd: null,
            tenantAccount: 'T1',
            tenantName: 'T',
            tenantPhone: null,
          },
          vacant: false,
          endedOn: null,
          figures: paidBalanceFigures(t),
        });
        const c = Object.fromEntries(TOTAL_KEYS.map((key) => [key, BigInt(t[key])])) as Record<keyof LedgerTotals, bigint>;
        // DOMAIN.md "Paid and balance": owed before the month, then owed after it.
        const rentBf = c.rentWoTaxPrev + c.rentTaxPrev - c.paidRentPrev;
        const srvcBf = c.srvcWoTaxPrev + c.srvcTaxPrev - c.paidSrvcPrev;
        const rentCf = rentBf + c.rentWoTax + c.rentTax - c.paidRent - c.paidRentTax;
        const srvcCf = srvcBf + c.srvcWoTax + c.srvcTax - c.paidSrvc - c.paidSrvcTax;
        expect(row).toMatchObject({
          marketRent: decimal(BigInt(rent)),
          rentWoTax: decimal(c.rentWoTax),
          paidSrvcTax: decimal(c.paidSrvcTax),
          rentBalBf: decimal(rentBf),
          srvcBalBf: decimal(srvcBf),
          totalBf: decimal(rentBf + srvcBf),
          rentBalCf: decimal(rentCf),
          srvcBalCf: decimal(srvcCf),
          totalCf: decimal(rentCf + srvcCf),
          odnsTotalUnitCost: decimal(c.odnsCharged),
          odnsPaidItAmount: decimal(c.odnsPaid),
          odnsBalBf: decimal(c.odnsChargedPrev - c.odnsPaidPrev),
          odnsPaidArrears: decimal(c.odnsPaidArrears),
        });
        // A zero balance is 0 on the wire, never -0 (JSON would show it as 0 but a sum would not).
        for (const value of Object.values(row)) if (value === 0) expect(Object.is(value, -0)).toBe(false);
      }),
      { numRuns: 2000, seed: 17 },
    );
  });

  it('shows a vacant unit as VACANT with no tenancy', () => {
    const row = toPaidBalanceRow({
      source: {
        propertyId: 1,
        propertyName: 'P',
        unitId: 1,
        unitNo: 'A4',
        marketRentCents: 1_800_000,
        tenancyId: null,
        tenancyStart: null,
        tenancyEnd: null,
        tenantAccount: null,
        tenantName: null,
        tenantPhone: null,
      },
      vacant: true,
      endedOn: null,
      figures: paidBalanceFigures(ZERO_TOTALS),
    });
    expect(row).toMatchObject({
      tenant: 'VACANT',
      putmId: 0,
      tntAccount: '',
      phoneNo: '',
      vacant: 1,
      occupied: 0,
      marketRent: 18000,
      totalCf: 0,
      id: null,
      stmtSection: 'RENT',
    });
  });
});
