/**
 * summary.txt: the month at a glance for the accountant. Per landlord and property the pay
 * advice's income, management fee, VAT on it, expenses and net due (summed in cents, so the
 * totals are the pay advices' own), then the properties whose net due is negative (the landlord
 * owes), the properties without a statement, and the ten largest tenant arrears of the scope.
 */
import { roundToCents } from '../../domain/money.js';
import { formatCents } from '../output/money-text.js';
import type { PropertyMonth } from './collect-month.js';

export interface SummaryHeading {
  title: string;
  /** Lines under the title: what was prepared or kept, where the figures came from. */
  notes: readonly string[];
}

const FIGURES = [
  ['Income', 'periodIncome'],
  ['Fee', 'manFees'],
  ['VAT', 'manFeesVat'],
  ['Expenses', 'periodExpense'],
  ['Net due', 'netAmountDue'],
] as const;

type Sums = number[];

export function summaryText(heading: SummaryHeading, months: readonly PropertyMonth[]): string {
  const lines = [heading.title, '='.repeat(heading.title.length), ...heading.notes, ''];
  const nameWidth = Math.max(
    24,
    ...months.map((m) => `  ${m.property.code} ${m.property.name}`.length),
    ...months.map((m) => `${m.landlord.code} ${m.landlord.name}`.length),
  );
  const row = (label: string, sums: Sums) => `${label.padEnd(nameWidth)}${sums.map((c) => formatCents(c).padStart(16)).join('')}`.trimEnd();
  lines.push(`${''.padEnd(nameWidth)}${FIGURES.map(([label]) => label.padStart(16)).join('')}`);
  const total: Sums = FIGURES.map(() => 0);
  const byLandlord = new Map<number, PropertyMonth[]>();
  for (const month of months) byLandlord.set(month.landlord.id, [...(byLandlord.get(month.landlord.id) ?? []), month]);
  for (const group of byLandlord.values()) {
    const landlord = group[0]!.landlord;
    const sums: Sums = FIGURES.map(() => 0);
    lines.push(`${landlord.code} ${landlord.name}`);
    for (const month of group) {
      const cents = FIGURES.map(([, key]) => roundToCents(month.payAdvice[key]));
      cents.forEach((c, i) => ((sums[i]! += c), (total[i]! += c)));
      lines.push(row(`  ${month.property.code} ${month.property.name}`, cents));
    }
    lines.push(row('  landlord total', sums), '');
  }
  lines.push(row('TOTAL', total), '');
  const negative = months.filter((m) => m.payAdvice.netAmountDue < 0);
  lines.push(`Negative net due (the landlord owes): ${negative.length === 0 ? 'none' : ''}`.trimEnd());
  for (const m of negative) lines.push(`  ${m.landlord.code} ${m.property.code} ${m.property.name}: ${formatCents(roundToCents(m.payAdvice.netAmountDue))}`);
  const missing = months.filter((m) => !m.statement);
  lines.push('', `Without a statement for the month: ${missing.length === 0 ? 'none' : ''}`.trimEnd());
  for (const m of missing) lines.push(`  ${m.landlord.code} ${m.property.code} ${m.property.name}`);
  lines.push('', 'Ten largest arrears (total c/f):');
  const arrears = months
    .flatMap((m) => m.paidBalance.map((r) => ({ m, r, cents: roundToCents(r.totalCf) })))
    .filter((a) => a.cents > 0)
    .sort((a, b) => b.cents - a.cents || (a.m.property.code < b.m.property.code ? -1 : 1))
    .slice(0, 10);
  if (arrears.length === 0) lines.push('  none');
  for (const { m, r, cents } of arrears) lines.push(`  ${formatCents(cents).padStart(14)}  ${m.property.code} ${r.unitNo ?? ''} ${r.tenant ?? ''}`.trimEnd());
  return `${lines.join('\n')}\n`;
}
