/**
 * Which tenancy a payment is for, by the account typed: the tenant's account first, then the
 * unit's reference by the company's format; ambiguous when it names two; a masked phone only
 * suggests, and an account like nothing known is offered no unrelated candidates.
 */
import { describe, expect, it } from 'vitest';
import { paymentMatcher, type MpesaMatchFacts } from '../../src/store/rules/mpesa-matching.js';

const OCT = Date.UTC(2026, 9, 5);
const facts: MpesaMatchFacts = {
  accountFormat: '{property}-{unit}',
  tenants: [
    { id: 1, accountNo: 'T1-000001', name: 'Faith', phone: '0722000126' },
    { id: 2, accountNo: 'T1-000009', name: 'Lucy', phone: null },
    { id: 3, accountNo: 'T2-5', name: 'Two Units', phone: null },
  ],
  units: [
    { id: 10, propertyId: 1, propertyCode: 'P0001', unitNo: 'A1' },
    { id: 11, propertyId: 1, propertyCode: 'P0001', unitNo: 'A9' },
    { id: 12, propertyId: 1, propertyCode: 'P0001', unitNo: 'B1' },
    { id: 13, propertyId: 1, propertyCode: 'P0001', unitNo: 'B2' },
    { id: 14, propertyId: 2, propertyCode: 'P0002', unitNo: 'C1' },
  ],
  tenancies: [
    { id: 100, unitId: 10, tenantId: 1, startDate: 0, endDate: null },
    { id: 101, unitId: 11, tenantId: 2, startDate: 0, endDate: Date.UTC(2026, 8, 30) },
    { id: 102, unitId: 12, tenantId: 3, startDate: 0, endDate: null },
    { id: 103, unitId: 13, tenantId: 3, startDate: 0, endDate: null },
  ],
};
const match = paymentMatcher(facts);

describe('paymentMatcher', () => {
  it('matches the tenant account typed loosely, then the unit reference by the format', () => {
    expect(match('t1 000001', OCT, '')).toMatchObject({ kind: 'matched', tenancyId: 100, propertyCode: 'P0001' });
    expect(match('p0001 a1', OCT, '')).toMatchObject({ kind: 'matched', tenancyId: 100 });
  });
  it('books arrears paid after the tenancy ended to the tenant, but a vacant unit by its reference to no one', () => {
    expect(match('T1-000009', OCT, '')).toMatchObject({ kind: 'matched', tenancyId: 101 });
    expect(match('P0001-A9', OCT, '')).toMatchObject({ kind: 'unmatched', reason: 'unit P0001 A9 is not let then' });
    expect(match('P0002C1', OCT, '')).toMatchObject({ kind: 'unmatched' });
  });
  it('is ambiguous for a tenant renting two units at the time', () => {
    expect(match('T2-5', OCT, '')).toMatchObject({ kind: 'ambiguous', candidates: ['T2-5 (Two Units, P0001 B1)', 'T2-5 (Two Units, P0001 B2)'] });
  });
  it('never matches by phone: a fitting phone is a candidate, and an account like nothing gets no unrelated ones', () => {
    expect(match('4471', OCT, '2547****126 - FAITH')).toEqual({
      kind: 'unmatched',
      reason: 'no tenant account or unit reference 4471',
      candidates: ['T1-000001 (Faith, P0001 A1) by phone'],
    });
    expect(match('4471', OCT, '2547****999 - JOHN')).toMatchObject({ candidates: [] });
    expect(match('T1-00009', OCT, '')).toMatchObject({ kind: 'unmatched', candidates: expect.arrayContaining(['T1-000009']) });
  });
});
