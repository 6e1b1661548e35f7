/**
 * What a statement import says: every line accounted for (booked, already booked, set aside,
 * not a payment) and the money paid in split the same way, so both add up to the statement.
 */
import { countOf } from '../../domain/plural.js';
import { formatAmount } from '../../domain/rent-details-html.js';
import type { MpesaImportSummary, Tally } from '../../store/rules/mpesa-import-plan.js';

const money = (t: Tally) => formatAmount(t.cents).padStart(14);

export function importSummaryLines(summary: MpesaImportSummary, dryRun: boolean): string[] {
  const others = Object.entries(summary.notPayments).filter(([, t]) => t.count > 0);
  const notPayments = others.reduce((n, [, t]) => n + t.count, 0);
  const reversed = summary.notPayments['reversed payment'];
  const lines = [
    `${countOf(summary.lines, 'line')}, ${countOf(summary.paidIn.count, 'payment')} in, ${formatAmount(summary.paidIn.cents)} paid in`,
    `  ${dryRun ? 'to book       ' : 'booked        '} ${String(summary.booked.count).padStart(7)} ${money(summary.booked)}`,
    `  already booked ${String(summary.alreadyBooked.count).padStart(7)} ${money(summary.alreadyBooked)}`,
    `  set aside      ${String(summary.setAside.count).padStart(7)} ${money(summary.setAside)}`,
    `  not payments   ${String(notPayments).padStart(7)} ${money(reversed)}${reversed.count > 0 ? ' (payments the statement reverses)' : ''}`,
  ];
  for (const [kind, t] of others)
    lines.push(
      `    ${countOf(t.count, kind === 'not completed' ? 'line not completed' : kind, kind === 'not completed' ? 'lines not completed' : `${kind}s`)}${t.withdrawn > 0 ? `, ${formatAmount(t.withdrawn)} out` : ''}${t.cents > 0 ? `, ${formatAmount(t.cents)} in${kind === 'reversed payment' ? ', not booked' : ''}` : ''}`,
    );
  for (const note of summary.reversalsOfBooked) lines.push(`  reversal of a booked payment: ${note}`);
  return lines;
}

/** Booked per property: `P0001  3 payments  76,000.00`. */
export function byPropertyLines(summary: MpesaImportSummary): string[] {
  return summary.byProperty.map((p) => `  ${p.propertyCode.padEnd(12)} ${countOf(p.count, 'payment').padStart(14)} ${formatAmount(p.cents).padStart(14)}`);
}
