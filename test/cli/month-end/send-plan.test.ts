/** Who `month-end --send` would send what: one message per landlord and address, the rest listed. */
import { describe, expect, it } from 'vitest';
import type { PropertyMonth } from '../../../src/cli/month-end/collect-month.js';
import { planLines, sendPlan } from '../../../src/cli/month-end/send/send-plan.js';

function month(landlord: { id: number; email: string | null }, property: number, statement: { type?: string; email?: string | null } | null): PropertyMonth {
  return {
    landlord: { id: landlord.id, companyId: 1, code: `LL${landlord.id}`, name: `Landlord ${landlord.id}`, phone: null, email: landlord.email, properties: 1 },
    property: {
      id: property,
      companyId: 1,
      code: `P${property}`,
      name: `Property ${property}`,
      landlordId: landlord.id,
      landlord: '',
      zoneId: null,
      zone: null,
      fieldOfficerId: null,
      fieldOfficer: null,
      units: 1,
    },
    paidBalance: [],
    payAdvice: {} as PropertyMonth['payAdvice'],
    ...(statement
      ? {
          statement: {
            id: property * 10,
            propertyId: property,
            statementType: statement.type ?? 'INTERIM',
            propertyEmail: statement.email ?? null,
          } as PropertyMonth['statement'],
        }
      : {}),
  };
}

const withEmail = { id: 1, email: 'one@example.com' };
const without = { id: 2, email: '  ' };

describe('the send plan', () => {
  it("groups a landlord's statements to their address, else each property's; lists the ones without any; skips a property without a statement", () => {
    const months = [
      month(withEmail, 1, { email: 'ignored@example.com' }),
      month(withEmail, 2, {}),
      month(without, 3, { email: 'p3@example.com' }),
      month(without, 4, { email: 'P3@example.com' }),
      month(without, 5, {}),
      month(without, 6, null),
    ];
    const plan = sendPlan(months, [], false);
    expect(plan.deliveries.map((d) => [d.recipient, d.statements.map((s) => s.statement.id)])).toEqual([
      ['one@example.com', [10, 20]],
      ['p3@example.com', [30, 40]],
    ]);
    expect(plan.noAddress.map((s) => s.statement.id)).toEqual([50]);
    expect(planLines(plan)).toEqual([
      'LL1 Landlord 1 <one@example.com>: P1 INTERIM, P2 INTERIM',
      'LL2 Landlord 2 <p3@example.com>: P3 INTERIM, P4 INTERIM',
      'no address: LL2 Landlord 2: P5 INTERIM (neither the landlord nor the property has an e-mail)',
    ]);
  });

  it('leaves out what was sent before, by property and type (a FINAL after a sent INTERIM is sent), unless resent', () => {
    const months = [month(withEmail, 1, {}), month(withEmail, 2, { type: 'FINAL' })];
    const sent = [
      { propertyId: 1, statementType: 'INTERIM', recipient: 'one@example.com', sentAt: Date.UTC(2026, 10, 2, 9, 30) },
      { propertyId: 2, statementType: 'INTERIM', recipient: 'one@example.com', sentAt: Date.UTC(2026, 10, 2, 9, 30) },
    ];
    const plan = sendPlan(months, sent, false);
    expect(plan.deliveries.map((d) => d.statements.map((s) => s.statement.id))).toEqual([[20]]);
    expect(planLines(plan)[1]).toBe('already sent: P1 INTERIM to one@example.com (2026-11-02 09:30 UTC; --resend sends it again)');
    expect(sendPlan(months, sent, true).deliveries.map((d) => d.statements.length)).toEqual([2]);
  });
});
