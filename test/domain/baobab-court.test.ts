/**
 * The hand-worked fixture (test/fixtures/baobab-court.ts) through the domain rules alone:
 * allocation, paid and balance, pay advice of each payment type, statement figures.
 */
import { describe, expect, it } from 'vitest';
import { monthRange } from '../../src/domain/month-range.js';
import { fromCents, toBasisPoints, toCents } from '../../src/domain/money.js';
import { compareNatural } from '../../src/domain/natural-order.js';
import { paidBalanceFigures, vacantFigures } from '../../src/domain/paid-balance.js';
import { payAdvice, type PayAdviceFigures } from '../../src/domain/pay-advice.js';
import type { LandlordPaymentType } from '../../src/contract/pay-advice.js';
import { statementFigures } from '../../src/domain/statement-figures.js';
import * as fx from '../fixtures/baobab-court.js';
import { activeIn, asRowFigures, fullExpected, replayFixture, SERVICE_IDS, totalsFor } from '../helpers/fixture-ledger.js';

const zone = fx.FIXTURE_TIME_ZONE;
const replayed = replayFixture();

function reportLines(month: number, serviceId?: number) {
  const range = monthRange(2026, month, zone);
  const units = [...fx.units].sort((a, b) => compareNatural(a.unitNo, b.unitNo));
  return units.flatMap((unit) => {
    const active = replayed.filter((t) => t.unitNo === unit.unitNo && activeIn(t, range));
    const base = { unitId: fx.units.indexOf(unit) + 1, unitNo: unit.unitNo, marketRent: toCents(unit.marketRent) };
    if (active.length === 0) return [{ ...base, tenantName: 'VACANT', figures: vacantFigures() }];
    return active.map((t) => ({ ...base, tenantName: t.tenantName, figures: paidBalanceFigures(totalsFor(t, range, serviceId)) }));
  });
}

function advice(month: number, paymentType: LandlordPaymentType, balanceBf = 0): PayAdviceFigures {
  const range = monthRange(2026, month, zone);
  const serviceId = paymentType === 'SERVICE_CHARGE_ONLY' ? SERVICE_IDS['Service charge'] : undefined;
  return payAdvice({
    paymentType,
    lines: reportLines(month, serviceId),
    manFeeRateBp: toBasisPoints(fx.property.manFeeRate),
    vatRateBp: 1600,
    expenses: fx.expenses
      .map((e) => ({
        date: monthRange(2026, Number(e.date.slice(5, 7)), zone).from + (Number(e.date.slice(8, 10)) - 1) * 86_400_000,
        description: e.description,
        amount: toCents(e.amount),
      }))
      .filter((e) => e.date >= range.from && e.date <= range.to),
    balanceBf,
    statementType: 'INTERIM',
    withEffectFrom: range.from,
    withEffectTo: range.to,
    serviceName: paymentType === 'SERVICE_CHARGE_ONLY' ? 'Service charge' : null,
  });
}

function expectAdvice(actual: PayAdviceFigures, expected: fx.ExpectedAdvice): void {
  expect(
    actual.rentsList.map((l) => [
      l.unitNo,
      l.tenantName,
      ...[l.monthlyCharge, l.invoiced, l.balanceBf, l.amountPaid, l.amountPaidTax, l.balanceCf].map(fromCents),
    ]),
  ).toEqual(expected.lines);
  const money = (cents: number) => fromCents(cents);
  expect({
    rentReceived: money(actual.rentReceived),
    totalUtility: money(actual.totalUtility),
    periodIncome: money(actual.periodIncome),
    taxReceived: money(actual.taxReceived),
    manFees: money(actual.manFees),
    manFeesVat: money(actual.manFeesVat),
    periodExpense: money(actual.periodExpense),
    totalDeductions: money(actual.totalDeductions),
    balanceBf: money(actual.balanceBf),
    deferredAmount: money(actual.deferredAmount),
    netAmountDue: money(actual.netAmountDue),
    stmtIncomeLabel: actual.stmtIncomeLabel,
  }).toEqual(withoutLines(expected));
}

function withoutLines(expected: fx.ExpectedAdvice): Omit<fx.ExpectedAdvice, 'lines'> {
  const { lines: _lines, ...rest } = expected;
  return rest;
}

describe('Baobab Court, worked by hand', () => {
  it.each([
    ['January', 1, fx.JANUARY_ROWS],
    ['February', 2, fx.FEBRUARY_ROWS],
    ['March', 3, fx.MARCH_ROWS],
  ] as const)('every paid-and-balance figure of %s', (_name, month, expected) => {
    const lines = reportLines(month);
    expect(lines.map((l) => [l.unitNo, l.tenantName, fromCents(l.marketRent)])).toEqual(expected.map((e) => [e.unitNo, e.tenant, e.marketRent]));
    lines.forEach((l, i) => expect(asRowFigures(l.figures)).toEqual(fullExpected(expected[i]!)));
  });

  it('books Carol’s 120,000 as January in full and 85,200 rent paid in advance', () => {
    const carol = replayed.find((t) => t.key === 'carol')!;
    expect(carol.payments.map((p) => [p.chargeId === null ? 'advance' : 'charge', p.part, fromCents(p.amount)])).toEqual([
      ['charge', 'rent', 30000],
      ['charge', 'rent_tax', 4800],
      ['advance', 'rent', 85200],
    ]);
  });

  it('counts Eve’s receipt at 00:30 on 1 March (28 February in UTC) in March', () => {
    const eve = replayed.find((t) => t.key === 'eve')!;
    expect(new Date(eve.payments[0]!.receiptDate).toISOString()).toBe('2026-02-28T21:30:00.000Z');
  });

  it('pay advice of March, COMBINED', () => expectAdvice(advice(3, 'COMBINED'), fx.MARCH_COMBINED));
  it('pay advice of March, RENT_ONLY', () => expectAdvice(advice(3, 'RENT_ONLY'), fx.MARCH_RENT_ONLY));
  it('pay advice of March, SERVICE_CHARGE_ONLY', () => expectAdvice(advice(3, 'SERVICE_CHARGE_ONLY'), fx.MARCH_SERVICE_ONLY));
  it('pay advice of February, COMBINED', () => expectAdvice(advice(2, 'COMBINED'), fx.FEBRUARY_COMBINED));

  it('statement figures of March, COMBINED', () => {
    const f = statementFigures(advice(3, 'COMBINED'));
    const actual = Object.fromEntries(
      Object.keys(fx.MARCH_COMBINED_STATEMENT).map((key) => {
        if (key === 'manFeesRate') return [key, f.manFeesRateBp / 100];
        if (key === 'stmtAmtPyble') return [key, fromCents(f.stmtAmtPyble)];
        return [key, fromCents(f[key as keyof typeof f] as number)];
      }),
    );
    expect(actual).toEqual(fx.MARCH_COMBINED_STATEMENT);
    expect(f.balanceCf).toBe(0); // a positive amount due is paid out
  });

  it('a negative net amount due (SERVICE_CHARGE_ONLY) is carried into April', () => {
    const march = statementFigures(advice(3, 'SERVICE_CHARGE_ONLY'));
    expect(fromCents(march.balanceCf)).toBe(-564);
    const april = advice(4, 'COMBINED', march.balanceCf);
    expect(fromCents(april.balanceBf)).toBe(-564);
    expect(fromCents(april.netAmountDue)).toBe(-564);
  });
});
