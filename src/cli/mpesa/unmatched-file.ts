/**
 * The file of payments set aside: one row per payment that matched no tenancy (or more than
 * one), with the reason and the candidates found. An accountant fills `tenant_account` (a
 * tenant's account, or a unit's reference) and imports the file with `local import mpesa`,
 * which reads its columns as a statement's (store/rules/mpesa-statement.ts).
 */
import { TZDate } from '@date-fns/tz';
import { formatAmount } from '../../domain/rent-details-html.js';
import { MPESA_TIME_ZONE } from '../../store/rules/mpesa-statement.js';
import { csvRecord } from '../output/csv-text.js';

export const UNMATCHED_COLUMNS = ['receipt_no', 'completion_time', 'amount', 'account_no', 'payer', 'reason', 'candidates', 'tenant_account'] as const;

export interface UnmatchedRow {
  code: string;
  time: number;
  amount: number;
  account: string;
  party: string;
  reason: string;
  candidates: readonly string[];
}

/** `2026-10-31 18:42:09`, East Africa Time, as the statement writes it. */
export function eatTime(epochMs: number): string {
  const d = new TZDate(epochMs, MPESA_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function unmatchedCsv(rows: readonly UnmatchedRow[]): string {
  const records = rows.map((r) => csvRecord([r.code, eatTime(r.time), formatAmount(r.amount), r.account, r.party, r.reason, r.candidates.join('; '), '']));
  return [csvRecord([...UNMATCHED_COLUMNS]), ...records].join('');
}
