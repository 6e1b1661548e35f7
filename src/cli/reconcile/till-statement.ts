/**
 * The till's statement as the M-Pesa business portal exports it (CSV): a few lines about the
 * organisation and the period, then the table, found by its header row (the row naming
 * `Receipt No.`, `Completion Time` and `Paid In`; the portal varies the lines above it and the
 * order of the columns). Amounts carry thousands separators ("1,254,300.00", quoted); times are
 * East Africa Time (UTC+3 all year), written `2026-10-31 18:42:09` or `31-10-2026 18:42:09`.
 *
 * Only completed payments in (`Paid In` above zero) are payments to the till; a payment a
 * completed reversal names (`Linked Transaction ID`) never reached the till, and is told apart.
 */
import { parse } from 'csv-parse/sync';
import { readAmount } from '../io/amount-text.js';
import { eatEpoch } from './eat-time.js';

export interface TillPayment {
  /** The M-Pesa code (`Receipt No.`). */
  code: string;
  /** `Completion Time`, epoch ms. */
  completedAt: number;
  paidInCents: number;
  /** Who paid, as the portal shows them (masked phone and name), or the details. */
  party: string;
}

export interface TillStatement {
  payments: TillPayment[];
  /** Codes of payments a completed reversal took back: not money the till kept. */
  reversed: Set<string>;
}

export class TillStatementError extends Error {
  override readonly name = 'TillStatementError';
}

const REQUIRED = ['Receipt No.', 'Completion Time', 'Paid In'] as const;

export function readTillStatement(text: string): TillStatement {
  const rows = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  const headerAt = rows.findIndex((row) => REQUIRED.every((name) => row.some((cell) => cell.trim() === name)));
  if (headerAt < 0) throw new TillStatementError(`no table with the columns ${REQUIRED.join(', ')}: is this the M-Pesa portal's statement (CSV)?`);
  const header = rows[headerAt]!.map((cell) => cell.trim());
  const column = (name: string) => header.indexOf(name);
  const at = {
    code: column('Receipt No.'),
    time: column('Completion Time'),
    paidIn: column('Paid In'),
    status: column('Transaction Status'),
    party: column('Other Party Info'),
    details: column('Details'),
    linked: column('Linked Transaction ID'),
    reason: column('Reason Type'),
  };
  const cell = (row: string[], index: number) => (index < 0 ? '' : (row[index] ?? '').trim());

  const payments: TillPayment[] = [];
  const reversed = new Set<string>();
  rows.slice(headerAt + 1).forEach((row, i) => {
    const line = `table row ${i + 1}`;
    const code = cell(row, at.code);
    if (code === '') return;
    const status = cell(row, at.status);
    if (status !== '' && status.toLowerCase() !== 'completed') return;
    const linked = cell(row, at.linked);
    if (linked !== '' && /revers/i.test(`${cell(row, at.reason)} ${cell(row, at.details)}`)) reversed.add(linked);
    const paidIn = cell(row, at.paidIn);
    if (paidIn === '') return;
    const amount = readAmount(paidIn);
    if ('problem' in amount) throw new TillStatementError(`${line} (${code}): Paid In "${paidIn}": ${amount.problem}`);
    if (amount.cents <= 0) return;
    payments.push({
      code,
      completedAt: eatTime(cell(row, at.time), `${line} (${code})`),
      paidInCents: amount.cents,
      party: cell(row, at.party) || cell(row, at.details),
    });
  });
  return { payments, reversed };
}

/** `2026-10-31 18:42:09` or `31-10-2026 18:42:09` (also with `/`), East Africa Time, as epoch ms. */
function eatTime(text: string, where: string): number {
  const iso = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : dmy ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]] : undefined;
  if (!parts) throw new TillStatementError(`${where}: Completion Time "${text}" is not a time (2026-10-31 18:42:09)`);
  const [y, mo, d, h, mi, s] = parts.map((p) => Number(p ?? 0)) as [number, number, number, number, number, number];
  const ms = eatEpoch(y, mo, d, h, mi, s);
  if (ms === undefined) throw new TillStatementError(`${where}: Completion Time "${text}" is not a calendar time`);
  return ms;
}
