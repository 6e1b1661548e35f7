/**
 * rentDetailsHtml of a statement: the rent lines as an HTML table. Every value is escaped,
 * since tenant names and unit numbers come from imported files and end up in other people's
 * browsers and mail clients.
 */
import { fromCents, type Cents } from './money.js';
import type { RentLineFigures } from './pay-advice.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** 1234567 cents -> "12,345.67" (fixed two decimals, comma thousands). */
export function formatAmount(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, fraction] = Math.abs(fromCents(cents)).toFixed(2).split('.');
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

const HEADERS = ['Unit', 'Tenant', 'Monthly charge', 'Invoiced', 'Balance b/f', 'Paid', 'Paid tax', 'Balance c/f'];

export function rentDetailsHtml(lines: readonly RentLineFigures[]): string {
  const cell = (tag: 'td' | 'th', value: string) => `<${tag}>${escapeHtml(value)}</${tag}>`;
  const head = `<tr>${HEADERS.map((h) => cell('th', h)).join('')}</tr>`;
  const body = lines
    .map((l) => {
      const values = [l.unitNo, l.tenantName, ...[l.monthlyCharge, l.invoiced, l.balanceBf, l.amountPaid, l.amountPaidTax, l.balanceCf].map(formatAmount)];
      return `<tr>${values.map((v) => cell('td', v)).join('')}</tr>`;
    })
    .join('');
  return `<table class="rent-details"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}
