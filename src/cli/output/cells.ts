import { unsafeCharactersBut } from '../../client/unsafe-characters.js';
import type { Column } from './columns/types.js';
import { csvField, spreadsheetText } from './csv-text.js';
import { exportDate, formatTableDate, zonedExportDate } from './date-text.js';
import { formatMoney, plainMoney } from './money-text.js';

/**
 * One value of one column, as each format wants it. A value whose type does not fit its
 * column's kind (a server sending text where money belongs) is shown as it came rather than
 * refused: output never hides data.
 */

/** Text for a table cell: money grouped with two decimals, dates as `yyyy-MM-dd` in the zone. */
export function tableCell(value: unknown, column: Column, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'payments' && Array.isArray(value)) return printable(paymentsCell(value));
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (column.kind === 'money') return formatMoney(value);
    if (column.kind === 'date') return formatTableDate(value, timeZone);
    return String(value);
  }
  return printable(textOf(value));
}

/**
 * Text for a CSV cell: plain numbers, money with two fixed decimals, dates as ISO 8601 in the
 * company's zone with its offset (or epoch ms when raw).
 */
export function csvCell(value: unknown, column: Column, raw: boolean, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'payments' && Array.isArray(value)) return paymentsText(value, plainMoney);
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (column.kind === 'money') return plainMoney(value);
    if (column.kind === 'date') return String(zonedExportDate(value, timeZone, raw));
    return String(value);
  }
  return textOf(value);
}

/**
 * A CSV field of one column, quoted where needed, with its kind decided once, for the row loop
 * of a large export. Money and dates written from numbers hold only digits, `-`, `+`, `.`, `:`
 * and letters, so they skip the quoting check. Text is made safe for a spreadsheet
 * (spreadsheetText) unless raw.
 */
export function csvFieldWriter(column: Column, raw: boolean, timeZone: string): (value: unknown) => string {
  switch (column.kind) {
    case 'money':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? plainMoney(value) : csvField(csvCell(value, column, raw, timeZone)));
    case 'date':
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) ? String(zonedExportDate(value, timeZone, raw)) : csvField(csvCell(value, column, raw, timeZone));
    default:
      if (raw) return (value) => csvField(typeof value === 'string' ? value : csvCell(value, column, raw, timeZone));
      return (value) => csvField(typeof value === 'string' ? spreadsheetText(value) : csvCell(value, column, raw, timeZone));
  }
}

/** A JSON value: dates become ISO text unless raw; everything else as received; absent is null. */
export function jsonValue(value: unknown, column: Column | undefined, raw: boolean): unknown {
  if (value === undefined || value === null) return null;
  if (column?.kind === 'date' && typeof value === 'number') return exportDate(value, raw);
  return value;
}

/** "Cash 600.00; M-Pesa till 512345 400.00 ref QKX123": each payment's name, amount and reference. */
export function paymentsText(payments: readonly unknown[], money: (amount: number) => string): string {
  return payments
    .map((entry) => {
      const p = (entry ?? {}) as { name?: unknown; amount?: unknown; referenceNo?: unknown };
      const amount = typeof p.amount === 'number' ? money(p.amount) : String(p.amount ?? '');
      return `${String(p.name ?? '?')} ${amount}${p.referenceNo ? ` ref ${String(p.referenceNo)}` : ''}`;
    })
    .join('; ');
}

const METHOD_NAMES: Record<string, string> = { CASH: 'Cash', MPESA: 'M-Pesa', CHECK: 'Cheque' };

/** A table's short form, "Cash 600.00 + M-Pesa 400.00": each payment's method and amount (names and references are in json and csv). */
function paymentsCell(payments: readonly unknown[]): string {
  return payments
    .map((entry) => {
      const p = (entry ?? {}) as { name?: unknown; method?: unknown; amount?: unknown };
      const label = typeof p.method === 'string' ? (METHOD_NAMES[p.method] ?? p.method) : String(p.name ?? '?');
      return `${label} ${typeof p.amount === 'number' ? formatMoney(p.amount) : String(p.amount ?? '')}`;
    })
    .join(' + ');
}

/** Nested arrays and objects become JSON text in tables and CSV. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// Server text is untrusted: escape sequences would restyle or move the user's terminal, and
// bidirectional overrides disguise what a cell says. Tabs become spaces; line breaks stay.
const UNSAFE_IN_CELL = unsafeCharactersBut('\t\n');

function printable(text: string): string {
  return text.replaceAll('\t', ' ').replace(UNSAFE_IN_CELL, '\ufffd');
}
